"""Cases b21-b30."""

from common import (H100_BUS, Bundle, T, at, boot_noise_lines, dcgm_metrics, df_h, exit_failure, fr_dump,
                    free_m, glog, gpu_inventory, ipmi_sel, iso, nccl_init, nvidia_smi_q, nvidia_smi_table,
                    py_traceback, pyspy, render_kernel, sec, sig_failure, std_df, torchrun_failure,
                    watchdog_timeout)
from scaffold import merge, slurm_cancel, spread, torchrun_fail, torchrun_start
from trainlogs import hf_lines, lightning_lines, megatron_lines, titan_lines

PY = "/usr/local/lib/python3.10/dist-packages"


def _oom_msg(gpu, tried, total, free, this_proc, alloc, reserved, others=()):
    s = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of %.2f GiB of which %.2f GiB is free. " % (tried, gpu, total, free)
    for pid, gib in others:
        s += "Process %d has %.2f GiB memory in use. " % (pid, gib)
    s += ("Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f MiB is reserved by PyTorch but unallocated. "
          "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
          "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)") % (this_proc, alloc, reserved)
    return s


# ---------------------------------------------------------------------------
# b21: CUDA OOM on the last pipeline stage in both attempts, on different nodes
# ---------------------------------------------------------------------------

def b21():
    b = Bundle("b21_cuda_oom_on_first_iteration_twice")
    r = b.rng
    job = 620331

    def attempt(k, hosts, t0):
        pids = {h: [b.pid() for _ in range(8)] for h in hosts}
        t_fail = t0 + sec(171.3)
        for ni, h in enumerate(hosts):
            ev = []
            for lr in range(8):
                ev += spread(t0 + sec(45 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.77.%d.%d" % (k, 30 + int(h[-2:])), rank=ni * 8 + lr))
            if ni == 0:
                ev += spread(t0 + sec(4), [
                    "using world size: 32, data-parallel size: 1, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 4",
                    "  micro_batch_size ................................ 4",
                    "  seq_length ...................................... 8192",
                    "  padded_vocab_size ............................... 256000",
                    "  cross_entropy_loss_fusion ....................... False",
                    "  recompute_granularity ........................... None",
                ])
                ev.append((t0 + sec(120), "[after dataloaders are built] datetime: %s " % (t0 + sec(120)).strftime("%Y-%m-%d %H:%M:%S")))
                ev.append((t0 + sec(121), "training ..."))
            if ni == 3:
                rank = 31
                tb = py_traceback([
                    ("/opt/megatron/pretrain_gpt.py", 289, "<module>", "pretrain("),
                    ("/opt/megatron/megatron/core/pipeline_parallel/schedules.py", 1398, "forward_backward_pipelining_without_interleaving", "output_tensor, num_tokens = forward_step("),
                    ("/opt/megatron/pretrain_gpt.py", 207, "forward_step", "output_tensor = model(tokens, position_ids, attention_mask, labels=labels)"),
                    ("/opt/megatron/megatron/core/models/gpt/gpt_model.py", 302, "forward", "loss = self.compute_language_model_loss(labels, logits)"),
                    ("/opt/megatron/megatron/core/tensor_parallel/cross_entropy.py", 132, "forward", "exp_logits = torch.exp(vocab_parallel_logits)"),
                ], [_oom_msg(7, 7.81, 79.10, 5.23, 73.86, 68.90, 3541.17)], prefix="[rank31]: ")
                ev += spread(t_fail, tb, 0.0001)
                for lr in range(7):
                    rk = 24 + lr
                    ev += spread(t_fail + sec(600.5), watchdog_timeout(rk, t_fail + sec(600.5), 9, "ALLREDUCE", 1, 600000, r, with_frames=False), 0.0001)
            else:
                for lr in range(8):
                    rk = ni * 8 + lr
                    te = t_fail + sec(600.2 + r.random() * 0.5)
                    ev += spread(te, watchdog_timeout(rk, te, 9 if ni < 3 else 8, "ALLREDUCE" if ni else "_ALLGATHER_BASE", 1, 600000, r, with_frames=(lr == 0)), 0.0001)
            ev.append((t_fail + sec(603), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni)))
            b.add("attempt_%d/%s/megatron-%d-%s.log" % (k, h, job + k, h), merge(ev))
            if ni == 3 and k == 0:
                boot = T("2024-11-18 08:00:04")
                kev = boot_noise_lines(r)
                for j in range(3):
                    u = at(boot, t0) - 9000 + 1400 * j
                    kev += [(u, "pcieport 0000:16:02.0: AER: Corrected error received: 0000:18:00.0"),
                            (u + 0.000005, "nvidia 0000:18:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)"),
                            (u + 0.000006, "nvidia 0000:18:00.0:    [12] Timeout               ")]
                b.add("attempt_0/%s/dmesg.txt" % h, render_kernel(kev, "T", boot))
        return t_fail

    attempt(0, ["node-g7-01", "node-g7-02", "node-g7-03", "node-g7-04"], T("2024-11-20 10:02:15"))
    attempt(1, ["node-g7-03", "node-g7-04", "node-g7-05", "node-g7-06"], T("2024-11-20 10:41:52"))
    b.set_label("oom", "framework", None, None, "stop",
                "Both attempts die on the first iteration with the same CUDA OOM on rank 31, the last pipeline stage computing 256k-vocab logits at micro-batch 4 x 8192, although attempt 1 ran on a different set of nodes (rank 31 moved from node-g7-04 to node-g7-06); the configuration does not fit. The corrected PCIe AER on node-g7-04 is noise.",
                "https://github.com/alibaba/Pai-Megatron-Patch/issues/655")
    return b


# ---------------------------------------------------------------------------
# b22: leftover process holds GPU memory on one node -> OOM at first step
# ---------------------------------------------------------------------------

def b22():
    b = Bundle("b22_cuda_oom_at_first_step_one_gpu")
    r = b.rng
    hosts = ["hgx-01", "hgx-02"]
    bad, bad_lr = "hgx-02", 3
    bad_rank = 8 + bad_lr
    t0 = T("2024-07-25 13:20:30")
    t_fail = t0 + sec(211.4)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(1000, 9000) for h in hosts}
    inv = {h: gpu_inventory(r, H100_BUS) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0, agent[h], nnodes="2:2", min_nodes=2, world=16, endpoint="hgx-01:29500", rdzv="static"))
        for lr in range(8):
            ev += spread(t0 + sec(30 + lr * 0.02), nccl_init(h, pids[h][lr], lr, "10.0.9.%d" % (1 + ni), nranks=16, rank=ni * 8 + lr))
        if ni == 0:
            ev += spread(t0 + sec(200), [
                "[2024-07-25 13:23:50,101] [INFO] [config.py:997:print] DeepSpeedEngine configuration:",
                "[2024-07-25 13:23:50,102] [INFO] [config.py:1001:print]   zero_optimization_stage ...... 3",
                "[2024-07-25 13:23:50,420] [INFO] [stage3.py:132:__init__] Reduce bucket size 500000000",
                "[2024-07-25 13:23:58,931] [INFO] [utils.py:781:see_memory_usage] Stage 3 initialize beginning",
                "[2024-07-25 13:23:58,931] [INFO] [utils.py:782:see_memory_usage] MA 15.1 GB         Max_MA 15.1 GB         CA 15.21 GB         Max_CA 15 GB ",
                "  0%|          | 0/4000 [00:00<?, ?it/s]",
            ])
        for lr in range(8):
            rank = ni * 8 + lr
            if h == bad and lr == bad_lr:
                tb = py_traceback([
                    ("/home/mzhou/rlhf/train_rm.py", 312, "<module>", "trainer.train()"),
                    ("%s/transformers/trainer.py" % PY, 3485, "training_step", "loss = self.compute_loss(model, inputs)"),
                    ("%s/deepspeed/runtime/zero/parameter_offload.py" % PY, 232, "_pre_forward_module_hook", "self.pre_sub_module_forward_function(module)"),
                    ("%s/deepspeed/runtime/zero/partitioned_param_coordinator.py" % PY, 318, "fetch_sub_module", "self.__all_gather_params(params_to_prefetch, forward)"),
                    ("%s/deepspeed/runtime/zero/partition_parameters.py" % PY, 1175, "all_gather_coalesced", "flat_tensor = torch.empty(tensor_size,"),
                ], [_oom_msg(3, 2.00, 79.10, 1.12, 40.83, 38.90, 521.30, others=[(30122, 37.12)])], prefix="[rank%d]: " % rank)
                ev += spread(t_fail, tb, 0.0001)
            else:
                te = t_fail + sec(1800.3 + r.random() * 0.3)
                ev += spread(te, watchdog_timeout(rank, te, 57, "_ALLGATHER_BASE", 131334144, 1800000, r, with_frames=(lr == 0)), 0.0001)
        if h == bad:
            ft = t_fail + sec(2)
            ev += torchrun_fail(ft, agent[h], (bad_lr, pids[h][bad_lr], 1), [p for i, p in enumerate(pids[h]) if i != bad_lr])
            fails = [sig_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 15, pids[h][lr]) for lr in range(8) if lr != bad_lr]
            root = exit_failure(ft + sec(1.3), h, bad_rank, bad_lr, 1, pids[h][bad_lr], "/tmp/torchelastic_k2/none_x/attempt_0/3/error.json")
        else:
            ft = t_fail + sec(1803)
            ev += torchrun_fail(ft, agent[h], (0, pids[h][0], -6), [p for i, p in enumerate(pids[h]) if i != 0])
            fails = [sig_failure(ft + sec(1.3), h, lr, lr, 6, pids[h][lr]) for lr in range(1, 8)]
            root = sig_failure(ft + sec(1.3), h, 0, 0, 6, pids[h][0])
        ev += spread(ft + sec(1.5), torchrun_failure("train_rm.py", fails, root))
        b.add("%s/run.log" % h, merge(ev))
    t_smi = t_fail + sec(3900)
    b.add("%s/nvidia-smi.txt" % bad, nvidia_smi_table(t_smi, inv[bad], rows={3: {"mem": 38012, "temp": 36, "util": 0}}, procs=[(3, 30122, "python", 38012)]))
    b.add("%s/ps-30122.txt" % bad, [
        "$ ps -o user,pid,ppid,stat,lstart,etime,rss,cmd -p 30122",
        "USER       PID  PPID STAT                  STARTED     ELAPSED   RSS CMD",
        "kpatel   30122     1 Sl   Mon Jul 22 09:14:03 2024  3-05:11:30 21843112 python train_rm.py --deepspeed ds_z3.json --local_rank=3",
    ])
    b.add("%s/nvidia-smi.txt" % hosts[0], nvidia_smi_table(t_smi, inv[hosts[0]]))
    b.set_label("oom", "infrastructure", bad, bad_rank, "restart_without_node",
                "Only rank 11 (hgx-02 GPU 3) ran out of memory, and the OOM message itself lists process 30122 holding 37 GiB on that GPU; nvidia-smi and ps show 30122 is an orphaned (PPID 1) training process from another user's run three days earlier. The other ranks only time out after 30 minutes.",
                "https://github.com/BVLC/caffe/issues/3136")
    return b


# ---------------------------------------------------------------------------
# b23: finished run whose logs are full of scary noise
# ---------------------------------------------------------------------------

def b23():
    b = Bundle("b23_finished_but_log_full_of_errors")
    r = b.rng
    hosts = ["a100-pod3-n01", "a100-pod3-n02", "a100-pod3-n03", "a100-pod3-n04"]
    job = 700412
    t0 = T("2024-04-16 18:00:07")
    step_s = 1.31
    total = 20000
    prog = lightning_lines(r, t0 + sec(120), 1, total, step_s, total=total, every=5, nemo=True)
    t_end = prog[-1][0] + sec(3)
    t_flap = t0 + sec(120 + 8211 * step_s)
    boot = T("2024-04-10 06:51:23")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t0 + sec(40 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.50.3.%d" % (1 + ni), rank=ni * 8 + lr, version="2.19.3+cuda12.3"))
        if ni == 0:
            ev += prog
            ev += spread(t_end, [
                "`Trainer.fit` stopped: `max_steps=20000` reached.",
                "[NeMo I %s nemo_logging:381] Saved final checkpoint to /lustre/exp/mistral-7b-cpt/checkpoints/model--step=19999-last.ckpt" % (t_end + sec(40)).strftime("%Y-%m-%d %H:%M:%S"),
                "wandb: ERROR Error while calling W&B API: context deadline exceeded (<Response [500]>)",
                "wandb: Network error (ReadTimeout), entering retry loop.",
                "wandb: 🚀 View run mistral-7b-cpt at: https://wandb.example.internal/llm/cpt/runs/3kf8a1x2",
            ])
        if ni == 2:
            ev += spread(t_flap, [
                "%s:%d:%d [5] NCCL WARN NET/IB : Got async event : port error" % (h, pids[h][5], pids[h][5] + 31),
                "%s:%d:%d [5] NCCL WARN NET/IB : Got async event : port active" % (h, pids[h][5], pids[h][5] + 31),
            ], 1.9)
        for lr in range(8):
            rank = ni * 8 + lr
            te = t_end + sec(45 + r.random())
            ev += spread(te, [
                "[rank%d]:[%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (rank, glog(te, "W", rng=r)),
            ])
            if lr in (2, 6):
                ev += spread(te + sec(0.2), [
                    "[rank%d]:[W%s CudaIPCTypes.cpp:16] Producer process has been terminated before all shared CUDA tensors released. See Note [Sharing CUDA tensors]" % (rank, glog(te, "", rng=r)),
                    "Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7f8e1c3a9ea0>",
                    "Traceback (most recent call last):",
                    '  File "%s/torch/utils/data/dataloader.py", line 1604, in __del__' % PY,
                    "    self._shutdown_workers()",
                    '  File "%s/torch/utils/data/dataloader.py", line 1562, in _shutdown_workers' % PY,
                    "    if self._persistent_workers or self._workers_status[worker_id]:",
                    "AttributeError: '_MultiProcessingDataLoaderIter' object has no attribute '_workers_status'",
                ])
        b.add("%s/slurm-%d_%s.out" % (h, job, h), merge(ev))
        kev = boot_noise_lines(r)
        if ni == 2:
            kev += [(at(boot, t_flap) - 0.4, "mlx5_core 0000:9a:00.0 ibp154s0: Link down"),
                    (at(boot, t_flap) + 1.5, "mlx5_core 0000:9a:00.0 ibp154s0: Link up")]
        kev += [(at(boot, t_end) + 47.2, "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing")]
        b.add("%s/dmesg.txt" % h, render_kernel(kev, "T", boot))
    b.add("a100-pod3-n01/sacct.txt", [
        "JobID           JobName      State ExitCode    Elapsed",
        "------------ ---------- ---------- -------- ----------",
        "%d        nemo-cpt  COMPLETED      0:0   %s" % (job, "07:19:52"),
        "%d.batch      batch  COMPLETED      0:0   %s" % (job, "07:19:52"),
        "%d.0         python  COMPLETED      0:0   %s" % (job, "07:19:41"),
    ])
    b.set_label("unknown", "framework", None, None, "none",
                "The run reached max_steps=20000, saved its final checkpoint and Slurm reports COMPLETED 0:0; the destroy_process_group warnings, dataloader __del__ traceback, W&B API error and the one-off IB port error/active on n03 mid-run (training continued without a stall) are noise.",
                "https://pytorch.org/docs/stable/torch_nccl_environment_variables.html")
    return b


# ---------------------------------------------------------------------------
# b24: first attempt died on a transient link flap, second attempt finished
# ---------------------------------------------------------------------------

def b24():
    b = Bundle("b24_restarted_once_then_finished")
    r = b.rng
    hosts = ["hpc-n1", "hpc-n2", "hpc-n3"]
    boot = T("2024-05-28 04:00:00")
    job = 31877
    pids0 = {h: [b.pid() for _ in range(8)] for h in hosts}
    pids1 = {h: [b.pid() for _ in range(8)] for h in hosts}
    t0 = T("2024-06-02 00:10:00")
    iters0 = megatron_lines(r, t0 + sec(150), 1, 3190, 1510.0, total=12000, gbs=768, tflops=377.0)
    t_flap = iters0[-1][0] + sec(0.7)
    t_to = t_flap + sec(600.3)
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t0 + sec(40 + 0.02 * lr), nccl_init(h, pids0[h][lr], lr, "10.3.3.%d" % (1 + ni), nranks=24, rank=ni * 8 + lr))
        if ni == 2:
            ev += iters0
        if ni == 0:
            ev += spread(iters0[2999][0] + sec(0.2), ["saving checkpoint at iteration    3000 to /scratch/ckpt/gpt-13b in torch_dist format"])
            ev += spread(iters0[2999][0] + sec(24), ["  successfully saved checkpoint from iteration    3000 to /scratch/ckpt/gpt-13b [ t 1/8, p 1/1 ]"])
        for lr in range(8):
            rank = ni * 8 + lr
            te = t_to + sec(r.random() * 0.5)
            ev += spread(te, watchdog_timeout(rank, te, 25533, "ALLREDUCE", 1, 600000, r, with_frames=(lr == 0)), 0.0001)
        ev.append((t_to + sec(4), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni)))
        b.add("attempt_0/%s/train-%d-%s.log" % (h, job, h), merge(ev))
        kev = boot_noise_lines(r)
        if h == "hpc-n2":
            kev += [(at(boot, t_flap), "mlx5_core 0000:2a:00.0 ibp42s0: Link down"),
                    (at(boot, t_flap) + 6.1, "mlx5_core 0000:2a:00.0 ibp42s0: Link up")]
        b.add("attempt_0/%s/dmesg.txt" % h, render_kernel(kev, "T", boot))
    t1 = t_to + sec(240)
    iters1 = megatron_lines(r, t1 + sec(190), 3001, 9000, 1508.0, total=12000, gbs=768, tflops=378.0)
    t_done = iters1[-1][0] + sec(2)
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t1 + sec(40 + 0.02 * lr), nccl_init(h, pids1[h][lr], lr, "10.3.3.%d" % (1 + ni), nranks=24, rank=ni * 8 + lr))
        if ni == 0:
            ev += spread(t1 + sec(90), [" loading checkpoint from /scratch/ckpt/gpt-13b at iteration 3000",
                                       "  successfully loaded checkpoint from /scratch/ckpt/gpt-13b [ t 1/8, p 1/1 ] at iteration 3000"])
            ev += spread(t_done, ["[after training is done] datetime: %s " % t_done.strftime("%Y-%m-%d %H:%M:%S"),
                                  "saving checkpoint at iteration   12000 to /scratch/ckpt/gpt-13b in torch_dist format",
                                  "  successfully saved checkpoint from iteration   12000 to /scratch/ckpt/gpt-13b [ t 1/8, p 1/1 ]",
                                  "Evaluating on 200 samples", "-" * 100,
                                  " validation loss at iteration 12000 on test set | lm loss value: 2.011843E+00 | lm loss PPL: 7.476521E+00 | ",
                                  "-" * 100])
        if ni == 2:
            ev += iters1
        for lr in (0, 3):
            rank = ni * 8 + lr
            ev.append((t_done + sec(70), "[rank%d]:[%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. (function operator())" % (rank, glog(t_done + sec(70), "W", rng=r))))
        b.add("attempt_1/%s/train-%d-%s.log" % (h, job, h), merge(ev))
    b.add("attempt_1/hpc-n1/sacct.txt", ["JobID           JobName      State ExitCode  Restarts",
                                         "------------ ---------- ---------- -------- ---------",
                                         "%d        gpt13b  COMPLETED      0:0         1" % job])
    b.set_label("unknown", "framework", None, None, "none",
                "Attempt 0 died in a 600 s NCCL timeout after hpc-n2's IB port flapped for 6 s, but the requeued attempt 1 on the same nodes resumed from iteration 3000, reached iteration 12000, saved and evaluated, and Slurm reports COMPLETED 0:0 with one restart; nothing is left to fix.",
                "https://github.com/NVIDIA/nccl/issues/1557")
    return b


# ---------------------------------------------------------------------------
# b25: shared file system quota full at checkpoint time
# ---------------------------------------------------------------------------

def b25():
    b = Bundle("b25_checkpoint_save_disk_quota_exceeded")
    r = b.rng
    hosts = ["c-gpu-%d" % i for i in range(101, 109)]
    job = 1902231
    t0 = T("2024-12-11 02:00:14")
    step_s = 2.37
    steps = titan_lines(r, t0 + sec(200), 1, 5000, step_s, rank=0, log_freq=1, mem_gib=71.3, tps=1840)
    t_save = steps[-1][0] + sec(0.4)
    t_err = t_save + sec(62.4)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t0 + sec(45 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.91.0.%d" % (101 + ni), nranks=64, rank=ni * 8 + lr))
        if ni == 0:
            ev += steps
            for s in (1000, 2000, 3000, 4000):
                ts = t0 + sec(200 + s * step_s + 0.4)
                ev.append((ts, "[rank0]:[titan] %s - root - INFO - Saving a full checkpoint at last step, step %d." % (iso(ts), s)))
                ev.append((ts + sec(58), "[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in %.2f seconds." % (iso(ts + sec(58)), 57.9 + r.random())))
            ev.append((t_save, "[rank0]:[titan] %s - root - INFO - Saving a full checkpoint at last step, step 5000." % iso(t_save)))
        for lr in range(8):
            rank = ni * 8 + lr
            te = t_err + sec(r.random() * 2)
            tb = py_traceback([
                ("/opt/torchtitan/torchtitan/train.py", 442, "<module>", "main(config)"),
                ("/opt/torchtitan/torchtitan/train.py", 401, "main", "checkpoint.save(train_state.step, force=(train_state.step == job_config.training.steps))"),
                ("/opt/torchtitan/torchtitan/checkpoint.py", 362, "save", "dcp.save(self.states, checkpoint_id=checkpoint_id)"),
                ("%s/torch/distributed/checkpoint/state_dict_saver.py" % PY, 302, "finish_checkpoint", "storage_writer.finish(metadata=metadata, results=all_results)"),
                ("%s/torch/distributed/checkpoint/utils.py" % PY, 222, "all_gather", "raise CheckpointException(step, node_failures)"),
            ], ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])" % ", ".join(str(x) for x in range(rank % 8, 64, 8)),
                "Traceback (most recent call last): (RANK %d)" % rank,
                '  File "%s/torch/distributed/checkpoint/filesystem.py", line 155, in _write_files_from_queue' % PY,
                "    _write_item(stream, data, write_item, storage_key)",
                '  File "%s/torch/distributed/checkpoint/filesystem.py", line 129, in _write_item' % PY,
                "    torch.save(data, stream)",
                "OSError: [Errno 122] Disk quota exceeded: '/lustre/proj/llm405/outputs/checkpoint/step-5000/__%d_0.distcp'" % rank], prefix="[rank%d]: " % rank)
            ev += spread(te, tb, 0.0001)
        if h == "c-gpu-106":
            ev += spread(t_save - sec(3600), ["c-gpu-106:%d:%d [4] NCCL WARN NET/IB : Got async event : GID table change" % (pids[h][4], pids[h][4] + 9)])
        ev.append((t_err + sec(5), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni)))
        b.add("%s/%s.%d.out" % (h, h, job), merge(ev))
        if h == "c-gpu-104":
            b.add("%s/df-h.txt" % h, df_h([
                ("/dev/nvme0n1p2", "1.8T", "301G", "1.4T", "18%", "/"), ("tmpfs", "1.0T", "412M", "1.0T", "1%", "/dev/shm"),
                ("/dev/nvme0n1p3", "100G", "97G", "3.1G", "97%", "/tmp"), ("/dev/md0", "28T", "2.1T", "26T", "8%", "/raid"),
                ("10.9.0.10@o2ib:/lustre", "4.2P", "3.3P", "0.9P", "79%", "/lustre")]))
    b.add("c-gpu-101/lfs-quota.txt", [
        "$ lfs quota -h -p 40411 /lustre",
        "Disk quotas for prj 40411 (pid 40411):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre    200T*      0    200T       -  812331       0       0       -",
    ])
    b.set_label("storage", "infrastructure", None, None, "stop",
                "All 64 ranks on all eight nodes fail writing the step-5000 checkpoint with EDQUOT, and lfs quota shows the project at its 200T hard limit on the shared Lustre; nothing is wrong with a node (c-gpu-104's local /tmp at 97% is unrelated) and retrying cannot succeed until space is freed.",
                "https://github.com/NVIDIA-NeMo/Automodel/pull/3390")
    return b


# ---------------------------------------------------------------------------
# b26: Xid 119 GSP timeout on one GPU, then a flood of consequences
# ---------------------------------------------------------------------------

def b26():
    b = Bundle("b26_hung_then_everything_failed")
    r = b.rng
    hosts = ["nv-h200-031", "nv-h200-032", "nv-h200-033", "nv-h200-034"]
    bad, bad_lr = "nv-h200-033", 1
    bad_rank = 2 * 8 + bad_lr
    job = 2204881
    t0 = T("2025-02-03 09:30:00")
    step_s = 3.42
    prog = lightning_lines(r, t0 + sec(200), 1, 1288, step_s, total=50000, every=1, nemo=True)
    t_x = prog[-1][0] + sec(1.9)
    t_to = t_x + sec(1800.7)
    seq = 77311
    boot = T("2025-01-29 15:20:44")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    inv = gpu_inventory(r, H100_BUS, model="NVIDIA H200")
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t0 + sec(60 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.140.0.%d" % (31 + ni), rank=ni * 8 + lr, version="2.23.4+cuda12.6"))
        if ni == 0:
            ev += prog
        for lr in range(8):
            rank = ni * 8 + lr
            if rank == bad_rank:
                tw = t_x + sec(480.2)
                ev += spread(tw, [
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1684] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. " % (rank, glog(tw, "E", rng=r), rank),
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1444] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (rank, glog(tw, "E", rng=r), rank),
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1541] [PG ID 0 PG GUID 0(default_pg) Rank %d] [PG ID 0 PG GUID 0(default_pg) Rank %d] Terminating the process after attempting to dump debug info, due to ProcessGroupNCCL watchdog hang." % (rank, glog(tw + sec(480), "F", rng=r), rank, rank),
                ], 0.001)
                continue
            te = t_to + sec(r.random() * 0.5)
            blk = watchdog_timeout(rank, te, seq, "ALLREDUCE", 1, 1800000, r, with_frames=(lr == 3), last_enqueued=seq, last_completed=seq - 1)
            ev += spread(te, blk, 0.0001)
        if ni == 0:
            ev += spread(t_to + sec(2), ["[NeMo W %s nemo_logging:405] Attempting emergency checkpoint save after exception ..." % (t_to + sec(2)).strftime("%Y-%m-%d %H:%M:%S"),
                                         "[NeMo E %s nemo_logging:405] Emergency checkpoint save failed: DistBackendError('NCCL communicator was aborted on rank 0.')" % (t_to + sec(3)).strftime("%Y-%m-%d %H:%M:%S")])
        ev.append(slurm_cancel(t_to + sec(40), job, h, step=0))
        b.add("%s/log-%d-%s.out" % (h, job, h), merge(ev))
        kev = boot_noise_lines(r, driver="560.35.03")
        if h == bad:
            up = at(boot, t_x)
            kev += [
                (up, "NVRM: Xid (PCI:0000:2a:00): 119, pid=%d, name=python3, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x2080014b 0x5)." % pids[h][bad_lr]),
                (up + 6.02, "NVRM: Xid (PCI:0000:2a:00): 119, pid=%d, name=python3, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 10 (FREE) (0xa55a0040 0x0)." % pids[h][bad_lr]),
                (up + 6.021, "NVRM: GPU1 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x000000002080014b 0x0000000000000005."),
                (up + 6.022, "NVRM: GPU1 RPC history (CPU -> GSP):"),
                (up + 12.5, "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:2a:00 (printing 1 of every 30).  The GPU likely needs to be reset."),
                (up + 12.6, "NVRM: Xid (PCI:0000:2a:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)"),
            ]
        kev.append((at(boot, t_to) + 2.2 + r.random(), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"))
        b.add("%s/dmesg.txt" % h, render_kernel(kev, "T", boot))
        base_ns = int((t_x - sec(5)).timestamp() * 1e9)
        for lr in range(8):
            rank = ni * 8 + lr
            st = {seq: "scheduled"} if rank == bad_rank else {seq: "started"}
            b.add("%s/fr_dumps/nccl_trace_rank_%d.json" % (h, rank), fr_dump(rank, 32, seq, st, base_ns, numel=1, dtype="Float"))
    b.add("%s/nvidia-smi.txt" % bad, ["Unable to determine the device handle for GPU0000:2A:00.0: GPU is lost.  Reboot the system to recover this GPU"] +
          nvidia_smi_table(t_to + sec(300), [g for g in inv if g["idx"] != 1], driver="560.35.03", cuda="12.6"))
    b.set_label("gpu_hardware", "infrastructure", bad, bad_rank, "restart_without_node",
                "nv-h200-033 logged Xid 119 GSP RPC timeouts on GPU 1 (rank 17) followed by Xid 154 'Node Reboot Required' right when progress stopped; rank 17's watchdog then hung, every other rank timed out after 30 min, the emergency checkpoint failed and nvidia-smi reports the GPU lost - all consequences of that GPU.",
                "https://github.com/leptonai/gpud/pull/192")
    return b


# ---------------------------------------------------------------------------
# b27: machine check -> kernel panic -> node reboot mid training
# ---------------------------------------------------------------------------

def b27():
    b = Bundle("b27_node_disappeared_mid_training")
    r = b.rng
    hosts = ["gpu-e21", "gpu-e22", "gpu-e23", "gpu-e24"]
    bad = "gpu-e23"
    job = 55123
    ips = {h: "10.22.1.%d" % (21 + i) for i, h in enumerate(hosts)}
    t0 = T("2024-08-07 22:11:09")
    step_s = 1.77
    hf = hf_lines(r, t0 + sec(150), 1, 3391, step_s, total=12000, log_every=10, tqdm=False)
    t_mce = hf[-1][0] + sec(0.9)
    boot_prev = T("2024-07-30 11:30:02")
    boot_new = t_mce + sec(243)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(1000, 9000) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0 + sec(0.1 * ni), agent[h], endpoint="gpu-e21:29500"))
        for lr in range(8):
            ev += spread(t0 + sec(30 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, ips[h], rank=ni * 8 + lr))
        if ni == 0:
            ev += hf
        if h == bad:
            # per-node throughput monitor every 5 minutes; output stops mid-line
            tm = t0 + sec(300)
            while tm < t_mce:
                ev.append((tm, "[rank16]:%s - node_monitor - INFO - host=gpu-e23 gpu_util=%d%% host_mem_used=%.1fG dl_queue=%d" % (
                    iso(tm), 97 + r.randint(0, 3), 402.0 + r.random() * 9, r.randint(6, 8))))
                tm = tm + sec(300)
            tl = t_mce - sec(0.3)
            ev.append((tl, "[rank16]:%s - node_monitor - INFO - host=gpu-e2" % iso(tl)))
            b.add("%s/train-%d-%s.log" % (h, job, h), merge(ev))
            continue
        for lr in range(8):
            rank = ni * 8 + lr
            te = t_mce + sec(18 + r.random() * 4)
            ev += spread(te, [
                "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) hca mlx5_%d" % (h, pids[h][lr], pids[h][lr] + 40, lr, ips[bad], r.randint(33000, 61000), lr),
                "[rank%d]:[%s ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (rank, glog(te, "E", rng=r), rank),
                "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rank,
            ], 0.0003)
        ft = t_mce + sec(25)
        ev += torchrun_fail(ft, agent[h], (0, pids[h][0], -6), [p for i, p in enumerate(pids[h]) if i != 0])
        fails = [sig_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 6, pids[h][lr]) for lr in range(1, 8)]
        root = sig_failure(ft + sec(1.3), h, ni * 8, 0, 6, pids[h][0])
        ev += spread(ft + sec(1.5), torchrun_failure("finetune.py", fails, root))
        if ni == 0:
            ev += spread(ft + sec(2), [
                "[W%s socket.cpp:464] [c10d] waitForInput: poll for socket SocketImpl(fd=13, addr=[gpu-e21]:29500, remote=[gpu-e23]:51002) returned 0, likely a timeout" % glog(ft + sec(2), "", digits=6),
                tr_like(ft + sec(3), agent[h], "Rendezvous gracefully exited: The node 'gpu-e23_118432_0' has closed the rendezvous 'none'."),
            ])
            ev.append((t_mce + sec(120), "slurmstepd: error: *** JOB %d ON gpu-e21 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (job, (t_mce + sec(120)).strftime("%Y-%m-%dT%H:%M:%S"))))
        b.add("%s/train-%d-%s.log" % (h, job, h), merge(ev))
    # previous boot journal on the bad node
    kev = [(at(boot_prev, t_mce - sec(4000)), "EDAC MC2: 1 CE memory read error on CPU_SrcID#1_MC#2_Chan#0_DIMM#0 (channel:0 slot:0 page:0x1f22e1 offset:0x0 grain:32 syndrome:0x0 - area:DRAM err_code:0000:009f socket:1 imc:2 rank:1 bg:3 ba:0 row:0x7c8b col:0x0)")]
    up = at(boot_prev, t_mce)
    kev += [
        (up, "mce: [Hardware Error]: CPU 34: Machine Check Exception: 5 Bank 13: be00000001010091"),
        (up + 0.000001, "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffb5e8d3a1> {native_safe_halt+0x11/0x20}"),
        (up + 0.000002, "mce: [Hardware Error]: TSC 1f7e4a9c2d01c ADDR 3c7b91f3c0 MISC a0000000200086 PPIN 2b4a6f1e07c03d11"),
        (up + 0.000003, "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET 1 APIC 46 microcode 2b000590" % int(t_mce.timestamp())),
        (up + 0.000004, "mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
        (up + 0.000005, "mce: [Hardware Error]: Machine check: Processor context corrupt"),
        (up + 0.000006, "Kernel panic - not syncing: Fatal machine check"),
    ]
    lines = ["-- Boot 6c1d6e0f4b0d4f6cb3a9bd3e2a1f9a77 --"] + render_kernel(boot_noise_lines(r)[:4] + kev, "journal", boot_prev, host=bad)
    lines += ["-- Boot 0b5f77d2c9a64a1bb0d4a3f5e1c27f88 --"] + render_kernel(boot_noise_lines(r)[:8] + [
        (14.1, "mce: [Hardware Error]: Machine check events logged"),
        (14.2, "EDAC skx MC2: HANDLING MCE MEMORY ERROR"),
        (14.3, "EDAC MC2: 1 UE memory read error on CPU_SrcID#1_MC#2_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3c7b91f offset:0x3c0 grain:32 - OVERFLOW area:DRAM err_code:0000:009f socket:1 imc:2 rank:1)"),
    ], "journal", boot_new, host=bad)
    b.add("%s/journalctl-k-b-1_b0.txt" % bad, lines)
    b.add("%s/ipmi-sel.txt" % bad, ipmi_sel([
        (" 1c", t_mce - sec(4000), "Memory #0x87", "Correctable ECC | CPU2_DIMM_A1", "Asserted"),
        (" 1d", t_mce, "Processor #0x04", "IERR", "Asserted"),
        (" 1e", t_mce, "Memory #0x87", "Uncorrectable ECC | CPU2_DIMM_A1", "Asserted"),
        (" 1f", t_mce + sec(9), "System Event #0x83", "OEM System boot event", "Asserted"),
    ]))
    b.set_label("host", "infrastructure", bad, None, "restart_without_node",
                "gpu-e23's log stops mid-line; its previous-boot journal ends with a fatal machine check (uncorrectable DIMM error, SEL IERR) and kernel panic, and a new boot follows 4 minutes later. The peers' status=12 errors naming 10.22.1.23, the rendezvous closure and Slurm's NODE_FAILURE cancel are all downstream.",
                "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return b


def tr_like(t, pid, msg):
    from scaffold import tr_log
    return tr_log(t, "I", pid, "torch/distributed/elastic/agent/server/api.py:889", msg)


# ---------------------------------------------------------------------------
# b28: rank 0 crashes in its own eval code; everyone else times out later
# ---------------------------------------------------------------------------

def b28():
    b = Bundle("b28_timeout_after_first_evaluation")
    r = b.rng
    hosts = ["a100-n1", "a100-n2"]
    t0 = T("2024-03-04 15:10:22")
    step_s = 0.71
    hf = hf_lines(r, t0 + sec(130), 1, 2000, step_s, total=24000, log_every=20, tqdm=True)
    t_eval = hf[-1][0] + sec(0.5)
    t_err = t_eval + sec(212.3)
    t_to = t_eval + sec(1800.6)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(1000, 9000) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0, agent[h], nnodes="2:2", min_nodes=2, world=16, endpoint="a100-n1:29500"))
        for lr in range(8):
            ev += spread(t0 + sec(25 + lr * 0.02), nccl_init(h, pids[h][lr], lr, "192.168.9.%d" % (1 + ni), nranks=16, rank=ni * 8 + lr, iface="eno1", net="Socket"))
        if ni == 0:
            ev += hf
            ev += spread(t_eval, ["[INFO|trainer.py:3819] %s >> " % iso(t_eval), "***** Running Evaluation *****",
                                  "[INFO|trainer.py:3821] %s >>   Num examples = 24000" % iso(t_eval),
                                  "[INFO|trainer.py:3824] %s >>   Batch size = 8" % iso(t_eval)])
            tb = py_traceback([
                ("/home/ana/summ/train.py", 233, "<module>", "trainer.train()"),
                ("%s/transformers/trainer.py" % PY, 2427, "_inner_training_loop", "self._maybe_log_save_evaluate(tr_loss, grad_norm, model, trial, epoch, ignore_keys_for_eval)"),
                ("%s/transformers/trainer.py" % PY, 2799, "_maybe_log_save_evaluate", "metrics = self._evaluate(trial, ignore_keys_for_eval)"),
                ("/home/ana/summ/callbacks.py", 88, "on_evaluate", "json.dump({\"step\": state.global_step, **metrics, \"samples\": self.samples}, f)"),
                ("/usr/lib/python3.10/json/__init__.py", 179, "dump", "for chunk in iterable:"),
                ("/usr/lib/python3.10/json/encoder.py", 179, "default", "raise TypeError(f'Object of type {o.__class__.__name__} '"),
            ], ["TypeError: Object of type Tensor is not JSON serializable"], prefix="[rank0]: ")
            ev += spread(t_err, tb, 0.0001)
        for lr in range(8):
            rank = ni * 8 + lr
            if rank == 0:
                continue
            te = t_to + sec(r.random() * 0.5)
            ev += spread(te, watchdog_timeout(rank, te, 6011, "ALLGATHER", 8, 1800000, r, with_frames=(lr == 1)), 0.0001)
        if ni == 0:
            ft = t_err + sec(1.1)
            ev += torchrun_fail(ft, agent[h], (0, pids[h][0], 1), [p for i, p in enumerate(pids[h]) if i != 0])
            fails = [sig_failure(ft + sec(30), h, lr, lr, 15, pids[h][lr]) for lr in range(1, 8)]
            root = exit_failure(ft + sec(1.3), h, 0, 0, 1, pids[h][0], "/tmp/torchelastic_2c/none_q/attempt_0/0/error.json")
        else:
            ft = t_to + sec(2)
            ev += torchrun_fail(ft, agent[h], (3, pids[h][3], -6), [p for i, p in enumerate(pids[h]) if i != 3])
            fails = [sig_failure(ft + sec(1.3), h, 8 + lr, lr, 6, pids[h][lr]) for lr in range(8) if lr != 3]
            root = sig_failure(ft + sec(1.3), h, 11, 3, 6, pids[h][3])
        ev += spread(ft + sec(1.5), torchrun_failure("train.py", fails, root))
        b.add("%s/torchrun_%s.log" % (h, h), merge(ev))
        base_ns = int((t_eval - sec(3)).timestamp() * 1e9)
        for lr in (0, 5) if ni else (1,):
            rank = ni * 8 + lr
            b.add("%s/fr/nccl_trace_rank_%d.json" % (h, rank), fr_dump(rank, 16, 6011, {6011: "started"}, base_ns, op="nccl:all_gather", numel=8, dtype="Long"))
    b.set_label("user_code", "script", None, None, "stop",
                "At the first evaluation (step 2000) rank 0 raised TypeError in the job's own on_evaluate callback (json.dump of a Tensor); the other 15 ranks sat in the next all_gather until the 30-minute watchdog fired, and a100-n2's torchrun 'root cause' (local rank 3) is one of those timeouts.",
                "https://github.com/charent/ChatLM-mini-Chinese/issues/47")
    return b


# ---------------------------------------------------------------------------
# b29: consistent straggler, no hardware evidence anywhere on its node
# ---------------------------------------------------------------------------

def b29():
    b = Bundle("b29_one_node_always_slowest")
    r = b.rng
    hosts = ["gx-%d" % i for i in range(11, 17)]
    bad = "gx-15"
    bad_rank = 4 * 8 + 5
    job = 88310
    t0 = T("2024-09-25 12:00:02")
    t_train = t0 + sec(150)
    n = 9000
    iters = megatron_lines(r, t_train, 1, n, 1622.0, total=250000, gbs=1536, tflops=351.0)
    evs = [x for i, x in enumerate(iters) if (i + 1) % 3 == 0]
    for i in range(100, n + 1, 100):
        t = iters[i - 1][0]
        evs.append((t, " [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %.2fmW/%d | MxPwr/Rnk: %.2fmW/%d | MnTmp/Rnk: %.2fC/%d | MxTmp/Rnk: %.2fC/%d | MnUtl/Rnk: %.2f%%/%d | MxUtl/Rnk: %.2f%%/%d | MnClk/Rnk: %.2fMHz/%d | MxClk/Rnk: %.2fMHz/%d" % (
            t.strftime("%Y-%m-%d %H:%M:%S"), 1318.0 + r.random() * 6, r.randint(0, 47), 1601.0 + r.random() * 20, bad_rank,
            588000.0 + r.randint(0, 9000), r.choice([bad_rank, r.randint(0, 47)]), 699000.0, r.randint(0, 47),
            47.0 + r.randint(0, 2), r.randint(0, 47), 64.0 + r.randint(0, 2), r.randint(0, 47), 95.0, r.randint(0, 47), 100.0, r.randint(0, 47),
            1980.0, r.randint(0, 47), 1980.0, r.randint(0, 47))))
    t_cancel = iters[-1][0] + sec(20)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    inv = {h: gpu_inventory(r, H100_BUS) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t0 + sec(50 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.61.5.%d" % (11 + ni), nranks=48, rank=ni * 8 + lr))
        if ni == 5:
            ev += evs
        ev.append(slurm_cancel(t_cancel, job, h, step=0))
        b.add("%s/megatron.%d.%s.log" % (h, job, h), merge(ev))
    tq = iters[-1][0] - sec(600)
    b.add("%s/nvidia-smi-q.txt" % bad, nvidia_smi_q(tq, inv[bad], over={g: {"temp": str(58 + g % 4), "power": "6%d%d.4%d" % (6 + g % 3, g, g), "fb_used": "71822"} for g in range(8)}))
    b.add("%s/dcgm-exporter.prom" % bad, dcgm_metrics(bad, inv[bad], {
        "DCGM_FI_DEV_GPU_TEMP": {None: 60}, "DCGM_FI_DEV_SM_CLOCK": {None: 1980}, "DCGM_FI_DEV_GPU_UTIL": {None: 100},
        "DCGM_FI_DEV_THERMAL_VIOLATION": {None: 0}, "DCGM_FI_DEV_POWER_VIOLATION": {None: 0}, "DCGM_FI_DEV_XID_ERRORS": {None: 0},
        "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": {None: 0}}))
    b.add("gx-12/nvidia-smi-q.txt", nvidia_smi_q(tq, inv["gx-12"], over={2: {"v_dram_ce": "6", "a_dram_ce": "41", "events": {"SW Power Cap": True}},
                                                                       5: {"events": {"SW Power Cap": True}}}))
    b.add("gx-13/perfquery.txt", ["# Port counters: Lid 301 port 1 (CapMask: 0x5A00)", "SymbolErrorCounter:..............0",
                                  "LinkErrorRecoveryCounter:........0", "LinkDownedCounter:...............0", "PortRcvErrors:...................0",
                                  "PortXmitDiscards:................0", "PortXmitWait:....................4410238817"])
    b.add("%s/dmesg.txt" % bad, render_kernel(boot_noise_lines(r), "T", T("2024-09-20 08:08:08")))
    b.set_label("straggler", "infrastructure", bad, bad_rank, "run_diagnostics",
                "Megatron's straggler report names rank 37 (gx-15 GPU 5) as the slowest in every window from the start, ~20% behind the fastest rank, yet gx-15 shows no Xid, no throttle reasons, full clocks and normal temperatures; the slow GPU needs a diagnostic run. gx-12's corrected ECC / SW power cap and gx-13's XmitWait are elsewhere.",
                "https://github.com/intelligent-machine-learning/dlrover/issues/678")
    return b


# ---------------------------------------------------------------------------
# b30: every rank stuck inside the same collective, nobody missing
# ---------------------------------------------------------------------------

def b30():
    b = Bundle("b30_all_ranks_stuck_no_progress")
    r = b.rng
    hosts = ["hpc-gpu-05", "hpc-gpu-06", "hpc-gpu-07", "hpc-gpu-08"]
    t0 = T("2024-05-13 01:00:00")
    step_s = 2.8
    hf = hf_lines(r, t0 + sec(170), 1, 2010, step_s, total=30000, log_every=10, tqdm=False)
    t_h = hf[-1][0] + sec(1.4)
    t_to = t_h + sec(1800.9)
    seq = 20117
    boot = T("2024-05-10 10:00:00")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(1000, 9000) for h in hosts}
    inv = gpu_inventory(r, H100_BUS)
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0, agent[h], endpoint="hpc-gpu-05:29500"))
        for lr in range(8):
            ev += spread(t0 + sec(30 + lr * 0.02), nccl_init(h, pids[h][lr], lr, "10.5.0.%d" % (5 + ni), rank=ni * 8 + lr))
        if ni == 0:
            ev += hf
        for lr in range(8):
            rank = ni * 8 + lr
            te = t_to + sec(r.random() * 0.6)
            ev += spread(te, watchdog_timeout(rank, te, seq, "_REDUCE_SCATTER_BASE", 98566144, 1800000, r, with_frames=(lr == 0), last_enqueued=seq + 1, last_completed=seq - 1), 0.0001)
        ft = t_to + sec(2)
        fr = r.randint(0, 7)
        ev += torchrun_fail(ft, agent[h], (fr, pids[h][fr], -6), [p for i, p in enumerate(pids[h]) if i != fr])
        fails = [sig_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 6, pids[h][lr]) for lr in range(8) if lr != fr]
        root = sig_failure(ft + sec(1.3), h, ni * 8 + fr, fr, 6, pids[h][fr])
        ev += spread(ft + sec(1.5), torchrun_failure("train_fsdp.py", fails, root))
        b.add("%s/torchrun.%s.log" % (h, h), merge(ev))
        base_ns = int((t_h - sec(4)).timestamp() * 1e9)
        for lr in range(8):
            rank = ni * 8 + lr
            b.add("%s/flight_recorder/rank%d.json" % (h, rank), fr_dump(rank, 32, seq + 1, {seq: "started", seq + 1: "scheduled"}, base_ns, op="nccl:_reduce_scatter_base", numel=98566144))
        kev = boot_noise_lines(r)
        if h == "hpc-gpu-08":
            kev.append((at(boot, t_h) - 900, "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"))
        b.add("%s/dmesg.txt" % h, render_kernel(kev, "T", boot))
    for h in ("hpc-gpu-05", "hpc-gpu-07"):
        b.add("%s/py-spy-local0.txt" % h, pyspy(pids[h][0], "/opt/conda/bin/python -u train_fsdp.py --config cfg/13b.yaml", [
            (pids[h][0], "active", "MainThread", [
                ("_reduce_scatter_base", "torch/distributed/distributed_c10d.py", 3890),
                ("_reduce_grad", "torch/distributed/fsdp/_runtime_utils.py", 781),
                ("_post_backward_hook", "torch/distributed/fsdp/_runtime_utils.py", 725),
                ("backward", "torch/_tensor.py", 581),
                ("train_step", "train_fsdp.py", 190),
                ("<module>", "train_fsdp.py", 260)])]))
    b.add("hpc-gpu-06/nvidia-smi-q.txt", nvidia_smi_q(t_h + sec(600), inv, over={0: {"v_sram_ce": "1", "a_sram_ce": "4"}}))
    b.set_label("hang", "infrastructure", None, None, "restart",
                "All 32 ranks' flight-recorder dumps show reduce_scatter #20117 started and none completed - nobody is missing or behind - and py-spy shows ranks inside the collective; no node has a relevant kernel, Xid or link event (a corrected SRAM ECC on hpc-gpu-06 and a peermem message on hpc-gpu-08 are noise), so there is no suspect to exclude.",
                "https://github.com/marin-community/marin/issues/7344")
    return b


CASES = [b21, b22, b23, b24, b25, b26, b27, b28, b29, b30]
