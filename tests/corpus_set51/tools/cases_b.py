"""Cases av10-av18: OOM, user code, dependency, numerical."""
from common import *
from cases_a import node_dir, tb, DS_FRAMES, CUDA_TAIL, flood_watchdog, mpi_train, mpi_abort_block, mpi_exit_block, srun_tail


def oom_msg(alloc, gpu, free, inuse, alloc_pt, resv, others=()):
    s = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %s. GPU %d has a total capacity of 79.10 GiB of which %s is free. " % (alloc, gpu, free)
    for pid, mem in others:
        s += "Process %d has %s memory in use. " % (pid, mem)
    s += "Including non-PyTorch memory, this process has %s memory in use. Of the allocated memory %s is allocated by PyTorch, and %s is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (inuse, alloc_pt, resv)
    return s


def lightning_init(job, t):
    for r in range(job.world):
        tt = job.jitter(t, 3000)
        job.emit(tt, r, "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/%d" % (r, r + 1, job.world), "err")
    job.emit(t + TD(seconds=4), 0, "----------------------------------------------------------------------------------------------------\ndistributed_backend=nccl\nAll distributed processes registered. Starting with %d processes\n----------------------------------------------------------------------------------------------------\n" % job.world, "err")


def av10():
    hosts = ["gh-%03d" % i for i in (41, 42, 43, 44)]
    job = Job(1010, hosts, 8, dt("2025-02-03 13:30:00"))
    boot = dt("2025-01-29 07:00:00")
    t = job.start
    for r in range(32):
        job.emit(job.jitter(t, 500), r, "[rank: %d] Seed set to 1234" % r, "err")
    lightning_init(job, t + TD(seconds=20))
    job.nccl_init(t + TD(seconds=26), "2.21.5")
    job.emit(t + TD(seconds=40), 0, "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]\n\n  | Name  | Type            | Params | Mode \n--------------------------------------------------\n0 | model | LlamaForCausalLM | 8.0 B  | train\n--------------------------------------------------\n8.0 B     Trainable params\n0         Non-trainable params\n8.0 B     Total params\n32,120.262Total estimated model params size (MB)\n", "err")
    job.emit(t + TD(seconds=41), 0, "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'train_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=31` in the `DataLoader` to improve performance.", "err")
    job.emit(t + TD(seconds=44), 0, "Epoch 0:   0%|          | 0/48828 [00:00<?, ?it/s] ", "err")
    t_x = t + TD(seconds=71)
    for r in range(32):
        tt = job.jitter(t_x, 4000)
        job.emit(tt, r, tb(r, [("/home/ml/ft/train_lightning.py", 141, "<module>", "trainer.fit(model, datamodule=dm)"),
                               ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/optimization/automatic.py", 324, "backward_fn", "call._call_strategy_hook(self.trainer, \"backward\", loss, optimizer)"),
                               ("/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                           [oom_msg("7.83 GiB", job.local(r), "%.2f GiB" % (3.1 + (r % 5) * 0.37), "%.2f GiB" % (75.9 - (r % 5) * 0.37), "69.82 GiB", "%.2f GiB" % (5.4 - (r % 3) * 0.2))]))
    job.emit(t_x + TD(seconds=9), None, "srun: error: gh-041: tasks 0-7: Exited with exit code 1\nsrun: Terminating StepId=912233.0\nsrun: error: gh-042: tasks 8-15: Exited with exit code 1\nsrun: error: gh-044: tasks 24-31: Exited with exit code 1\nsrun: error: gh-043: tasks 16-23: Exited with exit code 1", "out", node=-1)
    files = {"slurm-912233.out": render(job, "plain")}
    files["hparams.yaml"] = "model: meta-llama/Llama-3.1-8B\nmicro_batch_size: 16   # was 4\nseq_len: 8192\nactivation_checkpointing: false\nprecision: bf16-mixed\nstrategy: ddp\n"
    snap = t_x + TD(minutes=6)
    for n in range(4):
        files.update(node_dir(job, n, snap, boot, dmesg_mode="T"))
    lab = label("oom", "framework", None, "stop",
                "In slurm-912233.out all 32 ranks on all four hosts raise 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.83 GiB' in backward during the first step, each with ~70 GiB allocated by PyTorch itself and no other process listed; hparams.yaml shows micro_batch_size raised to 16 at seq_len 8192 without activation checkpointing under plain DDP. Every rank OOMing at the same point from its own allocations is the job's configuration, not a node; per-node nvidia-smi shows no foreign processes. srun's 'Exited with exit code 1' lines are consequences.",
                "https://pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf")
    return {"name": "av10_srun_lightning_every_task_exits_at_first_step", "label": lab, "files": files}


def av11():
    hosts = ["h100-p%02d" % i for i in range(1, 5)]
    job = Job(1111, hosts, 8, dt("2025-02-17 22:15:00"))
    boot = dt("2025-02-10 06:00:00")
    t = ds_launch_head(job, job.start)
    c10d_rank_init(job, t)
    job.nccl_init(t + TD(seconds=4), "2.21.5")
    t_x = t + TD(seconds=95)
    bad = 30  # h100-p04 local 6
    foreign = 771204
    job.emit(t_x, bad, tb(bad, DS_FRAMES[:2] + [("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py", 512, "__init__", "self.single_partition_of_fp32_groups.append(self.parallel_partitioned_bit16_groups[i][partition_id].to(")],
                               [oom_msg("10.24 GiB", 6, "1.02 GiB", "16.85 GiB", "15.61 GiB", "0.71 GiB", others=[(foreign, "61.20 GiB")])]))
    ds_kill(job, 3, t_x + TD(seconds=2), 6, 1)
    job.emit(t_x + TD(seconds=8), None, "pdsh@h100-p01: h100-p04: ssh exited with exit code 1", node=-1)
    t_wd = t_x + TD(seconds=1800)
    for r in range(24):
        tt = job.jitter(t_wd, 3000)
        job.emit(tt, r, "[rank%d]: torch.distributed.DistStoreError: wait timeout after 1800000ms, keys: /default_pg/0//cuda//0" % r)
    for n in range(3):
        ds_kill(job, n, t_wd + TD(seconds=3 + n), 0, 1)
        job.emit(t_wd + TD(seconds=9 + n), None, "pdsh@h100-p01: %s: ssh exited with exit code 1" % hosts[n], node=-1)
    files = {"deepspeed_launch.log": render(job, "pdsh")}
    snap = t_wd + TD(minutes=5)
    for n in range(4):
        smi = nvidia_smi_q(hosts[n], snap, overrides={6: {"used": "62011", "free": "19220"}} if n == 3 else None,
                           procs={6: [(foreign, "/home/tkim/.conda/envs/vllm/bin/python3 -m vllm.entrypoints.openai.api_server", 61952)]} if n == 3 else None)
        files.update(node_dir(job, n, snap, boot, smi=smi))
    files["h100-p04/ps_foreign.txt"] = "USER       PID  %%CPU %%MEM    VSZ   RSS TTY  STAT START   TIME COMMAND\ntkim    %d  2.1  1.3 98231220 22871220 ?  Sl   Feb16  31:02 /home/tkim/.conda/envs/vllm/bin/python3 -m vllm.entrypoints.openai.api_server --model /scratch/tkim/qwen2-7b --gpu-memory-utilization 0.75\n" % foreign
    lab = label("oom", "infrastructure", culprit("h100-p04", 30), "restart_without_node",
                "Only rank 30 (h100-p04, local GPU 6) fails, at optimizer-state allocation before the first step, with 'CUDA out of memory ... GPU 6 ... of which 1.02 GiB is free. Process %d has 61.20 GiB memory in use. Including non-PyTorch memory, this process has 16.85 GiB' (deepspeed_launch.log). h100-p04/nvidia-smi-q.txt lists that pid on GPU 6 and h100-p04/ps_foreign.txt shows it is another user's vLLM server started the day before - a foreign process holding the GPU, not the job's own footprint (the other 31 ranks initialise fine). The DistStoreError wait timeouts of the other hosts 30 minutes later and the launcher/pdsh exits are sympathetic." % foreign,
                "https://github.com/pytorch/pytorch/issues/40863")
    return {"name": "av11_pdsh_single_rank_oom_before_first_step", "label": lab, "files": files}


def av12():
    hosts = ["dgx2-%02d" % i for i in (5, 6, 7, 8)]
    job = Job(1212, hosts, 8, dt("2025-03-03 08:00:00"))
    boot = dt("2025-02-25 11:11:11")
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    t = job.start
    H(t, "[1,0]<stdout>:horovodrun -np 32 -H dgx2-05:8,dgx2-06:8,dgx2-07:8,dgx2-08:8 python pytorch_imagenet_resnet50.py --batch-size 256 --num-workers 16 --cache-decoded")
    job.nccl_init(t + TD(seconds=10), "2.18.5", cuda="12.2")
    rng = job.rng
    tt = t + TD(seconds=60)
    for ep in range(0, 3):
        for b in range(0, 5005, 50):
            tt += TD(seconds=23 * rng.uniform(0.95, 1.05))
            if ep == 2 and b > 1200:
                break
            job.emit(tt, 0, "Train Epoch: %d [%d/%d (%d%%)]\tLoss: %.6f" % (ep, b * 256, 1281167 // 32, int(100 * b / 5005), 6.9 - ep * 1.4 - b / 5005.0 + rng.uniform(-0.05, 0.05)), "out")
        job.emit(tt, 0, "[%s] W /tmp/pip-req-build/horovod/common/stall_inspector.cc:107] One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks are trying to submit different tensors or that only subset of ranks is submitting tensors, which will cause deadlock. \nMissing ranks:\n13: [allreduce.module.layer4.2.conv3.weight, allreduce.module.fc.weight]" % f_iso(tt), "err") if ep == 1 else None
    t_x = tt + TD(seconds=5)
    bad = 13
    job.emit(t_x, bad, "\n".join(["Traceback (most recent call last):",
                                   '  File "pytorch_imagenet_resnet50.py", line 335, in <module>', "    train(epoch)",
                                   '  File "pytorch_imagenet_resnet50.py", line 147, in train', "    for batch_idx, (data, target) in enumerate(train_loader):",
                                   '  File "/usr/local/lib/python3.8/dist-packages/torch/utils/data/dataloader.py", line 1295, in _get_data', "    success, data = self._try_get_data()",
                                   '  File "/usr/local/lib/python3.8/dist-packages/torch/utils/data/dataloader.py", line 1146, in _try_get_data',
                                   "    raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
                                   "RuntimeError: DataLoader worker (pid(s) 61734) exited unexpectedly"]))
    job.emit(t_x - TD(seconds=1), bad, "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).\n ERROR: Unexpected segmentation fault encountered in worker.", "err") if False else None
    H(t_x + TD(seconds=3), mpi_exit_block(bad, "dgx2-06", 1, 23017))
    files = {"horovodrun_resnet50.log": render(job, "mpirun")}
    snap = t_x + TD(minutes=7)
    for n in range(4):
        extra = ()
        if n == 1:
            extra = [(t_x - TD(seconds=2), "pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
                     (t_x - TD(seconds=2), "Mem-Info:"),
                     (t_x - TD(seconds=2), "active_anon:251012331 inactive_anon:8120441 isolated_anon:0"),
                     (t_x - TD(seconds=2), "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1021.slice/session-88.scope,task=pt_data_worker,pid=61734,uid=1021"),
                     (t_x - TD(seconds=2), "Out of memory: Killed process 61734 (pt_data_worker) total-vm:71822516kB, anon-rss:58218804kB, file-rss:61240kB, shmem-rss:1024kB, UID:1021 pgtables:117812kB oom_score_adj:0")]
        files.update(node_dir(job, n, snap, boot, extra, dmesg_mode="T"))
        files[hosts[n] + "/free_m.txt"] = free_m(1031500, [870221, 1018871, 861240, 902113][n])
    files["dgx2-06/ps_top_rss_before_kill.txt"] = "  PID   RSS(kB) COMMAND\n" + "\n".join("%5d %9d pt_data_worker" % (61720 + i, 54100000 + i * 171000) for i in range(16)) + "\n"
    lab = label("oom", "framework", None, "stop",
                "Rank 13 (dgx2-06) dies with 'DataLoader worker (pid(s) 61734) exited unexpectedly' and mpirun aborts the job (horovodrun_resnet50.log); dgx2-06/dmesg_T.txt shows the kernel OOM killer choosing pid 61734 (pt_data_worker, anon-rss ~58 GB), and dgx2-06/ps_top_rss_before_kill.txt shows every one of the 16 workers at ~54 GB RSS because of --cache-decoded. The other hosts' free_m.txt show them at 84-88% of host RAM as well, so this is the job's own host-memory footprint (workers x ranks x cached dataset), not a faulty node. The Horovod stall warning naming rank 13 in epoch 1 is an earlier symptom of the same memory pressure (swapless reclaim), not a separate fault.",
                "https://github.com/horovod/horovod/issues/3046")
    return {"name": "av12_horovodrun_worker_exited_unexpectedly_in_epoch_2", "label": lab, "files": files}


def av13():
    hosts = ["dgxh-%02d" % i for i in (21, 22, 23, 24)]
    job = Job(1313, hosts, 8, dt("2025-03-20 16:40:00"))
    boot = dt("2025-03-18 09:00:00")
    t = job.start
    for r in range(32):
        tt = job.jitter(t, 2000)
        job.emit(tt, r, "[NeMo W %s nemo_logging:405] /opt/NeMo/nemo/collections/nlp/parts/nlp_overrides.py:1305: UserWarning: Apex was not found. Using the lamb or fused_adam optimizer will error out." % f_nemo(tt), "err")
    job.emit(t + TD(seconds=5), 0, "[NeMo I %s nemo_logging:393] Experiments will be logged at /lustre/exp/gpt8b_cpt/results" % f_nemo(t + TD(seconds=5)), "err")
    job.emit(t + TD(seconds=6), 0, "[NeMo I %s nemo_logging:393] Resuming training from checkpoint: /lustre/exp/gpt8b_cpt/results/checkpoints/megatron_gpt--val_loss=1.82-step=42000-consumed_samples=43008000.0-last" % f_nemo(t + TD(seconds=6)), "err")
    lightning_init(job, t + TD(seconds=12))
    job.nccl_init(t + TD(seconds=20), "2.19.3")
    t_x = t + TD(seconds=75)
    for r in range(32):
        tt = job.jitter(t_x, 5000)
        job.emit(tt, r, "\n".join(["Error executing job with overrides: ['trainer.num_nodes=4', 'model.mcore_gpt=True', 'exp_manager.resume_if_exists=True']",
                                    "Traceback (most recent call last):",
                                    '  File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 42, in main',
                                    "    trainer.fit(model)",
                                    '  File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/checkpoint_connector.py", line 394, in restore_model',
                                    "    self.trainer.strategy.load_model_state_dict(",
                                    '  File "/opt/NeMo/nemo/collections/nlp/parts/nlp_overrides.py", line 498, in load_model_state_dict',
                                    "    self.lightning_module.load_state_dict(checkpoint[\"state_dict\"], strict=strict)",
                                    "RuntimeError: Error(s) in loading state_dict for MegatronGPTModel:",
                                    '\tMissing key(s) in state_dict: "model.decoder.layers.0.self_attention.linear_qkv.layer_norm_weight", "model.decoder.layers.0.self_attention.linear_qkv.weight", "model.decoder.layers.0.mlp.linear_fc1.layer_norm_weight", "model.decoder.final_layernorm.weight". ',
                                    '\tUnexpected key(s) in state_dict: "model.language_model.encoder.layers.0.input_layernorm.weight", "model.language_model.encoder.layers.0.self_attention.query_key_value.weight", "model.language_model.encoder.final_layernorm.weight". ',
                                    "", "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace."]))
    job.emit(t_x + TD(seconds=8), None, "srun: error: dgxh-21: tasks 0-7: Exited with exit code 1\nsrun: Terminating StepId=66120.0\nsrun: error: dgxh-23: tasks 16-23: Exited with exit code 1\nsrun: error: dgxh-22: tasks 8-15: Exited with exit code 1\nsrun: error: dgxh-24: tasks 24-31: Exited with exit code 1", "out", node=-1)
    files = {"slurm-66120.out": render(job, "srun_label")}
    snap = t_x + TD(minutes=4)
    for n in range(4):
        extra = [(t - TD(hours=3), "Lustre: lfs01-MDT0000-mdc-ffff8f2a1c3b4000: Connection restored to 10.40.0.5@o2ib (at 10.40.0.5@o2ib)")] if n == 2 else ()
        files.update(node_dir(job, n, snap, boot, extra, dmesg_mode="T"))
    lab = label("user_code", "script", None, "stop",
                "Every task (0-31, all four hosts) in slurm-66120.out fails while restoring the '-last' checkpoint with 'RuntimeError: Error(s) in loading state_dict for MegatronGPTModel: Missing key(s) ... model.decoder.layers... Unexpected key(s) ... model.language_model.encoder...': the run now builds the mcore model (model.mcore_gpt=True override) while the checkpoint was written by the legacy model. A deterministic configuration/checkpoint mismatch in the user's job, not a node problem; the Apex warning, the old Lustre 'Connection restored' on dgxh-23 and srun's exit lines are noise.",
                "https://github.com/NVIDIA-NeMo/Speech/issues/10229")
    return {"name": "av13_nemo_srun_all_tasks_fail_on_resume", "label": lab, "files": files}


def av14():
    hosts = ["hgx-m01", "hgx-m02", "hgx-m03"]
    job = Job(1414, hosts, 8, dt("2025-04-02 10:00:00"))
    boot = dt("2025-03-30 10:00:00")
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    for r in range(24):
        job.emit(job.jitter(job.start + TD(seconds=3), 800), r, "%s | INFO | dist | rank %d/%d local_rank %d host %s using cuda:%d (OMPI_COMM_WORLD_RANK)" % (f_pylog(job.start + TD(seconds=3)), r, 24, job.local(r), job.host_of(r), job.local(r)), "out")
    job.nccl_init(job.start + TD(seconds=8), "2.21.5")
    t = mpi_train(job, job.start + TD(seconds=30), 2600, 182)
    bad = 11
    t_x = t + TD(milliseconds=80)
    job.emit(t_x, bad, "\n".join("../aten/src/ATen/native/cuda/Loss.cu:250: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: [%d,0,0] Assertion `t >= 0 && t < n_classes` failed." % th for th in (3, 17, 22, 40)))
    job.emit(t_x + TD(milliseconds=40), bad, "\n".join(["Traceback (most recent call last):",
                                                         '  File "/home/mlops/vitl/train_mpi.py", line 388, in <module>', "    train(cfg)",
                                                         '  File "/home/mlops/vitl/train_mpi.py", line 283, in train', "    loss = criterion(logits, labels)",
                                                         '  File "/opt/conda/lib/python3.11/site-packages/torch/nn/functional.py", line 3104, in cross_entropy',
                                                         "    return torch._C._nn.cross_entropy_loss(input, target, weight, _Reduction.get_enum(reduction), ignore_index, label_smoothing)",
                                                         "RuntimeError: CUDA error: device-side assert triggered"] + CUDA_TAIL[:3]))
    for r in (3, 19):
        job.emit(t_x + TD(seconds=1, milliseconds=r * 10), r, "%s:%d:%d [%d] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer hgx-m02<%d>" % (job.host_of(r), job.pids[r], job.pids[r] + 211, job.local(r), 44000 + r), "out")
    H(t_x + TD(seconds=2), mpi_abort_block(bad, job.pids[bad], "hgx-m02"))
    files = {"mpirun_inat21_0402.out": render(job, "mpirun")}
    files["config_inat21.yaml"] = "dataset: inat21_mini\nnum_classes: 10000\nlabel_map: /lustre/data/inat21/labels_v2.json   # v2 adds 11 new species ids (10000-10010)\nbatch_size: 128\n"
    snap = t_x + TD(minutes=5)
    for n in range(3):
        extra = [(t_x + TD(milliseconds=60), "NVRM: Xid (PCI:0000:5d:00): 43, pid=%d, name=python, Ch 00000008" % job.pids[bad])] if n == 1 else ()
        files.update(node_dir(job, n, snap, boot, extra, dmesg_mode="journal"))
    lab = label("user_code", "script", None, "stop",
                "Rank 11 hits 'Loss.cu:250: nll_loss_forward_reduce_cuda_kernel_2d ... Assertion `t >= 0 && t < n_classes` failed' followed by 'CUDA error: device-side assert triggered' in cross_entropy (mpirun_inat21_0402.out): a label id outside [0, num_classes). config_inat21.yaml points at labels_v2.json which adds ids 10000-10010 while num_classes is still 10000, so it is a data/config bug that only surfaced on the rank that drew such a sample first. The Xid 43 in hgx-m02/journal_kernel.txt is the driver tearing down the channel after the user-level assert (software-induced), and the 'Connection closed by remote peer' warnings and mpirun's signal-6 report are consequences.",
                "https://github.com/OpenGVLab/InternImage/issues/134")
    return {"name": "av14_mpirun_one_rank_kernel_assert_then_abort", "label": lab, "files": files}


def av15():
    hosts = ["h100-n%02d" % i for i in range(1, 7)]
    job = Job(1515, hosts, 8, dt("2025-04-22 07:30:00"))
    boot = dt("2025-04-22 06:50:00")
    t = ds_launch_head(job, job.start)
    c10d_rank_init(job, t)
    bad = 4
    t_x = t + TD(seconds=11)
    for l in range(8):
        r = bad * 8 + l
        job.emit(job.jitter(t_x, 1500), r, tb(r, [("/workspace/src/train.py", 301, "<module>", "main()"), ("/workspace/src/train.py", 97, "main", "torch.cuda.set_device(args.local_rank)"),
                                                  ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()")],
                                              ["RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."]))
    ds_kill(job, bad, t_x + TD(seconds=3), 0, 1)
    job.emit(t_x + TD(seconds=8), None, "pdsh@h100-n01: h100-n05: ssh exited with exit code 1", node=-1)
    t_wd = t_x + TD(seconds=1800)
    for r in range(48):
        if job.node_of(r) == bad:
            continue
        job.emit(job.jitter(t_wd, 3000), r, tb(r, [("/usr/local/lib/python3.10/dist-packages/deepspeed/comm/torch.py", 141, "init_process_group", "torch.distributed.init_process_group(backend,")],
                                               ["torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 40/48 clients joined."]) if r == 0 else
                 "[rank%d]: torch.distributed.DistStoreError: wait timeout after 1800000ms, keys: /default_pg/0//cuda//0" % r)
    for n in range(6):
        if n != bad:
            ds_kill(job, n, t_wd + TD(seconds=3 + n), 0, 1)
    files = {"ds_pretrain_0422.log": render(job, "pdsh")}
    snap = t_wd + TD(minutes=3)
    for n in range(6):
        drv = "535.161.08" if n == bad else "550.54.15"
        cu = "12.2" if n == bad else "12.4"
        extra = [(boot + TD(seconds=30), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Thu Feb 15 21:08:53 UTC 2024")] if n == bad else ()
        files.update(node_dir(job, n, snap, boot, extra, smi=nvidia_smi_q(hosts[n], snap, driver=drv, cuda=cu)))
    files["h100-n05/reimage_ticket.txt"] = "INC-22871 h100-n05 re-imaged 2025-04-22 06:41 from golden image gpu-node-2024.01 (PSU swap). Post-checks: dcgmi diag -r 1 PASS.\n"
    lab = label("dependency", "infrastructure", culprit("h100-n05", None), "restart_without_node",
                "All eight ranks on h100-n05 (node_rank 4, ranks 32-39) fail in torch._C._cuda_init with 'The NVIDIA driver on your system is too old (found version 12020)' (ds_pretrain_0422.log), while the other five hosts initialise and then wait: their DistStoreError / 'wait timeout' 30 minutes later ('40/48 clients joined') are sympathetic. h100-n05/nvidia-smi-q.txt reports Driver 535.161.08 / CUDA 12.2 against 550.54.15 / 12.4 everywhere else, and h100-n05/reimage_ticket.txt shows it was re-imaged from an old golden image this morning. One node's broken driver stack while the others are fine = dependency on that node.",
                "https://github.com/horovod/horovod/issues/639")
    return {"name": "av15_pdsh_one_host_ranks_fail_at_cuda_init", "label": lab, "files": files}


def av16():
    hosts = ["gpu-e%02d" % i for i in range(1, 5)]
    job = Job(1616, hosts, 8, dt("2025-05-06 12:00:00"))
    boot = dt("2025-05-01 12:00:00")
    t = job.start
    for r in range(32):
        tt = job.jitter(t + TD(seconds=4), 3000)
        job.emit(tt, r, tb(r, [("/home/llm/axo/src/train.py", 11, "<module>", "from transformers import AutoModelForCausalLM, Trainer"),
                               ("/usr/local/lib/python3.11/site-packages/transformers/utils/import_utils.py", 1778, "_get_module", "raise RuntimeError(")],
                           ["RuntimeError: Failed to import transformers.models.llama.modeling_llama because of the following error (look up to see its traceback):",
                            "/usr/local/lib/python3.11/site-packages/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"]))
    job.emit(t + TD(seconds=9), None, "srun: error: gpu-e01: tasks 0-7: Exited with exit code 1\nsrun: Terminating StepId=120987.0\nsrun: error: gpu-e03: tasks 16-23: Exited with exit code 1\nsrun: error: gpu-e02: tasks 8-15: Exited with exit code 1\nsrun: error: gpu-e04: tasks 24-31: Exited with exit code 1", "out", node=-1)
    files = {"slurm-120987.out": render(job, "srun_label")}
    files["pip_freeze_excerpt.txt"] = "accelerate==1.0.1\nflash-attn==2.6.3    # wheel built against torch 2.4.0+cu124\ntorch==2.5.1+cu124\ntransformers==4.46.2\n"
    for n in range(4):
        files.update(node_dir(job, n, t + TD(minutes=2), boot, dmesg_mode="T"))
    lab = label("dependency", "framework", None, "stop",
                "All 32 tasks on all four hosts fail at import time in slurm-120987.out with 'flash_attn_2_cuda ... undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocation...' - an ABI mismatch between the flash-attn wheel and the installed torch (pip_freeze_excerpt.txt: flash-attn built for torch 2.4.0, torch 2.5.1 installed). The same environment error on every node = environment dependency, stop and rebuild the image; no node is at fault and NCCL never initialised.",
                "https://github.com/zjysteven/lmms-finetune/issues/32")
    return {"name": "av16_srun_labelled_every_task_import_failure", "label": lab, "files": files}


def av17():
    hosts = ["cn-1101", "cn-1102"]
    job = Job(1717, hosts, 8, dt("2025-05-19 18:22:00"))
    boot = dt("2025-05-12 18:00:00")
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    t = job.start
    H(t, "+ cd /home/akumar/lab-llm && git log -1 --oneline\nb71e0c2 refactor: move data pipeline into lab_llm.datasets (WIP)\n+ mpiexec -n 16 -ppn 8 -hosts cn-1101,cn-1102 -prepend-rank python3 -u scripts/pretrain.py --cfg cfg/350m.yaml")
    for r in range(16):
        tt = job.jitter(t + TD(seconds=3), 1500)
        job.emit(tt, r, "\n".join(["Traceback (most recent call last):",
                                    '  File "/home/akumar/lab-llm/scripts/pretrain.py", line 18, in <module>',
                                    "    from lab_llm.data.packed_dataset import PackedDataset, build_loader",
                                    "ModuleNotFoundError: No module named 'lab_llm.data'"]))
    H(t + TD(seconds=5), "\n===================================================================================\n=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES\n=   PID %d RUNNING AT cn-1101\n=   EXIT CODE: 1\n=   CLEANING UP REMAINING PROCESSES\n=   YOU CAN IGNORE THE BELOW CLEANUP MESSAGES\n===================================================================================" % job.pids[0])
    files = {"pretrain_350m.o55120": render(job, "hydra")}
    files["git_status.txt"] = "On branch main\nChanges not staged for commit:\n\tdeleted:    lab_llm/data/__init__.py\n\tdeleted:    lab_llm/data/packed_dataset.py\nUntracked files:\n\tlab_llm/datasets/\n"
    for n in range(2):
        files.update(node_dir(job, n, t + TD(minutes=1), boot, dmesg_mode="journal"))
    lab = label("dependency", "script", None, "stop",
                "Every rank (0-15 on both hosts) in pretrain_350m.o55120 fails at import with 'ModuleNotFoundError: No module named 'lab_llm.data'' - the user's own package: the checkout at b71e0c2 moved the data pipeline into lab_llm.datasets (git_status.txt shows lab_llm/data deleted) but scripts/pretrain.py still imports the old path. The user's own module missing on every node = dependency at the script layer; Hydra's BAD TERMINATION banner is just the launcher reporting exit code 1.",
                "https://github.com/sail-sg/mvp/issues/5")
    return {"name": "av17_mpiexec_every_rank_traceback_at_launch", "label": lab, "files": files}


def av18():
    files = {}
    boot = dt("2025-06-01 00:00:00")
    att = [(["mds-%02d" % i for i in (1, 2, 3, 4)], dt("2025-06-09 01:00:00"), 1801),
           (["mds-%02d" % i for i in (3, 5, 6, 7)], dt("2025-06-09 05:10:00"), 1802)]
    for a, (hosts, start, seed) in enumerate(att, 1):
        job = Job(seed, hosts, 8, start)
        t = ds_launch_head(job, start, script="pretrain_gpt.py", args="--deepspeed --deepspeed_config ds_config_gpt_13b.json --fp16")
        job.nccl_init(t + TD(seconds=4), "2.18.5")
        it0 = 14001 if a == 1 else 14001
        if a == 1:
            job.emit(t + TD(seconds=30), 31, " loading checkpoint from /lustre/ckpt/gpt13b at iteration 14000", "out")
        else:
            job.emit(t + TD(seconds=30), 31, " loading checkpoint from /lustre/ckpt/gpt13b at iteration 14000", "out")
        t, _ = train_megatron(job, t + TD(seconds=90), it0, 820, 2100.0, loss0=2.05, scale=4096.0)
        rng = job.rng
        sc = 4096.0
        it = it0 + 820
        while sc >= 1.0:
            t += TD(milliseconds=2100)
            job.emit(t, 0, "%s [INFO] [fused_optimizer.py:344:_update_scale] \nGrad overflow on iteration %d" % (f_ds(t), it), "out")
            job.emit(t, 0, "%s [INFO] [fused_optimizer.py:345:_update_scale] Reducing dynamic loss scale from %.1f to %.1f" % (f_ds(t), sc, max(1.0, sc / 2)), "out")
            job.emit(t, 0, "%s [INFO] [logging.py:96:log_dist] [Rank 0] Overflow detected. Skipping step. Attempted loss scale: %.1f, reducing to %.1f" % (f_ds(t), sc, max(1.0, sc / 2)), "out")
            job.emit(t, 31, " [%s] iteration %8d/  250000 | consumed samples: %12d | elapsed time per iteration (ms): 2087.3 | learning rate: 1.200000E-04 | global batch size:  1024 | lm loss: %s | loss scale: %.1f | number of skipped iterations:   1 | number of nan iterations:   1 |" % (t.strftime("%Y-%m-%d %H:%M:%S"), it, it * 1024, "nan", sc), "out")
            sc /= 2
            it += 1
        for r in range(32):
            job.emit(job.jitter(t + TD(seconds=1), 500), r, tb(r, [("/workspace/Megatron-DeepSpeed/pretrain_gpt.py", 342, "<module>", "pretrain(train_valid_test_datasets_provider,"),
                                                                   ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/fp16/loss_scaler.py", 183, "update_scale", "raise Exception(")],
                                                               ["Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."]))
        for n in range(4):
            ds_kill(job, n, t + TD(seconds=3 + n), 0, 1, "pretrain_gpt.py")
        files["attempt_%d/deepspeed_pretrain.log" % a] = render(job, "pdsh")
        for n in range(4):
            for k, v in node_dir(job, n, t + TD(minutes=5), boot).items():
                files["attempt_%d/%s" % (a, k)] = v
    lab = label("numerical", "script", None, "stop",
                "Both attempts resume from iteration 14000 on different host sets (attempt_1: mds-01..04, attempt_2: mds-03,05,06,07) and both collapse at the same iteration 14821: 'Grad overflow on iteration 14821', 'lm loss: nan', the fp16 loss scale halving every step down to 1.0 and finally 'Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.' on all ranks. Same step regardless of nodes = the recipe/data at that point (fp16 with this LR/batch), not hardware; no Xid/ECC events in any node's files.",
                "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/534")
    return {"name": "av18_pdsh_two_attempts_loss_scale_exhausted", "label": lab, "files": files}


CASES = [av10, av11, av12, av13, av14, av15, av16, av17, av18]
