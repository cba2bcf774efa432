"""Cases g01-g09."""
from common import *  # noqa


# ------------------------------------------------------------------ g01
def g01(rng):
    name = "g01_fairseq_min_loss_scale_twice"
    files = {}
    jid0, jid1 = 4718233, 4721907
    gpn = 4
    for att, (nodes, jid, base, start_upd) in enumerate([
            (["gpu-a100-01", "gpu-a100-02", "gpu-a100-03", "gpu-a100-04"], jid0, dt(2024, 3, 4, 8, 2, 11), 0),
            (["gpu-a100-05", "gpu-a100-06", "gpu-a100-07", "gpu-a100-08"], jid1, dt(2024, 3, 4, 21, 40, 3), 18000)]):
        pre = "attempt_%d/" % att
        out = slurm_prolog(jid, nodes[0], base, "gpu-a100")
        out += ["Loading module: cuda/12.1.1", "Loading module: nccl/2.18.5-cuda12.1",
                "(fairseq-env) using python /home/lpetrov/envs/fairseq-env/bin/python",
                "MASTER_ADDR=%s MASTER_PORT=29411 NNODES=4 GPUS_PER_NODE=4" % nodes[0]]
        t = T(base, 35)
        out.append("%s | INFO | fairseq.distributed.utils | distributed init (rank 0): env://" % t.strftime("%Y-%m-%d %H:%M:%S"))
        out.append("%s | INFO | fairseq_cli.train | task: TranslationTask" % t.strftime("%Y-%m-%d %H:%M:%S"))
        out.append("%s | INFO | fairseq_cli.train | model: TransformerModel (transformer_vaswani_wmt_en_de_big)" % t.strftime("%Y-%m-%d %H:%M:%S"))
        out.append("%s | INFO | fairseq_cli.train | num. shared model params: 209,911,808 (num. trained: 209,911,808)" % t.strftime("%Y-%m-%d %H:%M:%S"))
        out.append("%s | INFO | fairseq.trainer | detected shared parameter: encoder.embed_tokens.weight <- decoder.embed_tokens.weight" % t.strftime("%Y-%m-%d %H:%M:%S"))
        out.append("%s | INFO | fairseq.utils | ***********************CUDA enviroments for all 16 workers***********************" % t.strftime("%Y-%m-%d %H:%M:%S"))
        for r, n, l in rank_map(nodes, gpn):
            out.append("%s | INFO | fairseq.utils | rank  %2d: capabilities =  8.0  ; total memory = 79.154 GB ; name = NVIDIA A100-SXM4-80GB           " % (t.strftime("%Y-%m-%d %H:%M:%S"), r))
        out.append("%s | INFO | fairseq_cli.train | max tokens per device = 8192 and max sentences per device = None" % t.strftime("%Y-%m-%d %H:%M:%S"))
        t = T(base, 70)
        if att == 0:
            out.append("%s | INFO | fairseq.trainer | No existing checkpoint found /scratch/lpetrov/wmt22-big/checkpoint_last.pt" % t.strftime("%Y-%m-%d %H:%M:%S"))
        else:
            out.append("%s | INFO | fairseq.trainer | Preparing to load checkpoint /scratch/lpetrov/wmt22-big/checkpoint_last.pt" % t.strftime("%Y-%m-%d %H:%M:%S"))
            out.append("%s | INFO | fairseq.trainer | Loaded checkpoint /scratch/lpetrov/wmt22-big/checkpoint_last.pt (epoch 4 @ 18000 updates)" % t.strftime("%Y-%m-%d %H:%M:%S"))
        sps = 0.43
        s_from = start_upd + 100

        def fmt(tt, step, loss, d):
            ep = 1 + step // 5000
            return ("%s | INFO | train_inner | epoch %03d:  %5d / 5012 loss=%.3f, nll_loss=%.3f, ppl=%.2f, wps=%d, ups=2.31, wpb=78912.4, "
                    "bsz=2624.5, num_updates=%d, lr=%.6f, gnorm=%.3f, loss_scale=%d, train_wall=43, gb_free=%.1f, wall=%d") % (
                tt.strftime("%Y-%m-%d %H:%M:%S"), ep, step % 5012 or 1, loss, loss * 0.64, 2 ** (loss * 0.64), 182000 + rng.randrange(4000),
                step, min(0.0005, 0.0005 * step / 4000.0) if step < 4000 else 0.0005 * (4000.0 / step) ** 0.5,
                0.55 + rng.uniform(0, 0.2), 16 if step % 3 else 8, 60 + rng.uniform(0, 2), int((tt - base).total_seconds()))
        lines, tend = progress(rng, T(base, 90), s_from, 18400, 100, sps, 6.8 if att == 0 else 4.02, 3.98, fmt)
        if att == 0:
            # only keep a subsample of the long log: every 10th line plus the last 30
            lines = lines[::10] + lines[-30:]
        out += lines
        # blow-up
        tt = T(tend, 5)
        out.append("%s | INFO | train_inner | epoch 004:  3420 / 5012 loss=5.884, nll_loss=4.611, ppl=24.44, wps=181022, ups=2.3, wpb=78802.1, bsz=2611.2, num_updates=18420, lr=0.000233, gnorm=41.207, loss_scale=8, train_wall=43, gb_free=60.8, wall=%d" % (tt.strftime("%Y-%m-%d %H:%M:%S"), int((tt - base).total_seconds())))
        scale = 8.0
        for k in range(17):
            tt = T(tt, 0.4)
            scale /= 2
            out.append("%s | INFO | fairseq.trainer | NOTE: gradient overflow detected, ignoring gradient, setting loss scale to: %s" % (tt.strftime("%Y-%m-%d %H:%M:%S"), repr(scale) if scale >= 0.0001 else "%.8g" % scale))
        tfail = T(tt, 0.5)
        files[pre + nodes[0] + "/slurm-%d.out" % jid] = join(out)
        err = ["lmod: WARNING: cuda/12.1.1 is deprecated on this cluster, consider cuda/12.4.0"]
        for r, n, l in rank_map(nodes, gpn):
            err.append("[rank%d]: Traceback (most recent call last):" % r) if r in (0, 5) else None
        err = [e for e in err if e]
        tb = ["Traceback (most recent call last):",
              '  File "/home/lpetrov/envs/fairseq-env/bin/fairseq-train", line 8, in <module>',
              "    sys.exit(cli_main())",
              '  File "/home/lpetrov/src/fairseq/fairseq_cli/train.py", line 574, in cli_main',
              "    distributed_utils.call_main(cfg, main)",
              '  File "/home/lpetrov/src/fairseq/fairseq/distributed/utils.py", line 404, in call_main',
              "    main(cfg, **kwargs)",
              '  File "/home/lpetrov/src/fairseq/fairseq_cli/train.py", line 205, in main',
              "    valid_losses, should_stop = train(cfg, trainer, task, epoch_itr)",
              '  File "/home/lpetrov/src/fairseq/fairseq_cli/train.py", line 331, in train',
              "    log_output = trainer.train_step(samples)",
              '  File "/home/lpetrov/src/fairseq/fairseq/trainer.py", line 1032, in train_step',
              "    self.task.optimizer_step(",
              '  File "/home/lpetrov/src/fairseq/fairseq/optim/fp16_optimizer.py", line 216, in step',
              "    self.scaler.check_overflow(grad_norm)",
              '  File "/home/lpetrov/src/fairseq/fairseq/optim/dynamic_loss_scaler.py", line 61, in check_overflow',
              "    raise FloatingPointError(",
              "FloatingPointError: Minimum loss scale reached (0.0001). Your loss is probably exploding. Try lowering the learning rate, using gradient clipping or increasing the batch size."]
        err = ["lmod: WARNING: cuda/12.1.1 is deprecated on this cluster, consider cuda/12.4.0"]
        for r in (0, 3, 9, 14):
            err += ["[rank%d]: %s" % (r, x) for x in tb]
        fails = []
        for i, n in enumerate(nodes):
            fails.append((i * gpn, 0, n, 1, 40112 + i * 17, "[See inside the rank's log]"))
        err += child_failed("/home/lpetrov/src/fairseq/fairseq_cli/train.py", tfail, [fails[0]],
                            torchrun="/home/lpetrov/envs/fairseq-env/bin/torchrun")
        for i, n in enumerate(nodes):
            err.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
        files[pre + nodes[0] + "/slurm-%d.err" % jid] = join(err)
        wall = int((tfail - base).total_seconds()) + 20
        files[pre + nodes[0] + "/sacct.txt"] = sacct([
            (str(jid), "wmt22-big", "gpu-a100", "nlp-lab", 128, "FAILED", "1:0", hms(wall), "gpu-a100-0[%s-%s]" % (nodes[0][-1], nodes[-1][-1])),
            ("%d.batch" % jid, "batch", "", "nlp-lab", 32, "FAILED", "1:0", hms(wall), nodes[0]),
            ("%d.0" % jid, "torchrun", "", "nlp-lab", 128, "FAILED", "1:0", hms(wall - 15), "gpu-a100-0[%s-%s]" % (nodes[0][-1], nodes[-1][-1]))])
    # red herring: Xid 63 (row remap pending -> benign, handled at next reset) on attempt_0 gpu-a100-02
    b = dt(2024, 3, 4, 9, 47, 12)
    dm = dmesg_boot(rng, "gpu-a100-02", b, 0)
    dm.append(dmesgT(b) + " NVRM: Xid (PCI:0000:65:00): 63, pid=40129, name=python, Row Remapper: New row (0x00000000007a1c40) marked for remapping, reset gpu to activate.")
    dm.append(dmesgT(T(b, 2)) + " NVRM: Xid (PCI:0000:65:00): 92, pid=40129, name=python, High single-bit ECC error rate")
    files["attempt_0/gpu-a100-02/dmesg_T.txt"] = join(dm)
    files["attempt_1/gpu-a100-05/ticket_note.txt"] = join([
        "From: L. Petrov <lpetrov@univ.example.edu>",
        "Subject: fairseq job dies with FloatingPointError again, bad GPUs?",
        "",
        "Hi, my WMT big transformer died at update ~18.4k with 'Minimum loss scale reached'.",
        "I saw an Xid in dmesg on gpu-a100-02 so I resubmitted excluding those nodes (--exclude=gpu-a100-0[1-4])",
        "and resumed from checkpoint_last.pt (18000 updates). It died again at the same place.",
        "Config: --fp16 --lr 5e-4 --warmup-updates 4000 --clip-norm 0.0 --max-tokens 8192 --update-freq 2",
        "Attaching both attempts' logs."])
    label = {"category": "numerical", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "Both attempts, on disjoint node sets, overflow and hit fairseq's minimum loss scale at the same update (~18420) after gnorm jumps to 41 with --clip-norm 0; a deterministic training divergence, the Xid 63/92 on gpu-a100-02 is a benign row-remap notice on a node not used in the second attempt.",
             "modelled_on": "https://github.com/facebookresearch/fairseq/issues/1529"}
    return name, files, label, None


# ------------------------------------------------------------------ g02
def g02(rng):
    name = "g02_dataloader_worker_killed"
    files = {}
    nodes = ["v100n11", "v100n12"]
    gpn = 4
    jid = 3988120
    base = dt(2023, 11, 14, 13, 5, 40)
    out = slurm_prolog(jid, nodes[0], base, "gpu-v100")
    out += ["Currently Loaded Modules:",
            "  1) gcc/11.3.0   2) cuda/11.7.1   3) cudnn/8.5.0.96-11.7   4) anaconda3/2022.10",
            "", "Using conda env /home/nwaweru/.conda/envs/clip-ft (torch 1.13.1+cu117)",
            "srun -l torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint v100n11:29500 train_clip.py --num-workers 16 --batch-size 128"]
    pre = []
    for r, n, l in rank_map(nodes, gpn):
        pre.append("%d: [%s] rank %d/%d on %s cuda:%d" % (nodes.index(n), py(T(base, 30 + r)), r, 8, n, l))
    out += pre
    out.append("0: [%s] Loaded 11,842,319 caption records from /home/nwaweru/data/cc12m/captions.json into memory" % py(T(base, 95)))
    out.append("0: [%s] Train dataset: 11842319 samples, DataLoader(num_workers=16, pin_memory=True, persistent_workers=True)" % py(T(base, 96)))

    def fmt(t, step, loss, d):
        return "0: [%s] epoch 0 step %5d/23129 loss %.4f img/s %d lr %.2e" % (py(t), step, loss, int(8 * 128 / d), 3e-5)
    lines, tend = progress(rng, T(base, 140), 50, 1800, 50, 0.92, 5.9, 3.1, fmt)
    out += lines
    files[nodes[0] + "/clip_ft_%d.out" % jid] = join(out)
    tk = T(tend, 37)
    err = ["1: /home/nwaweru/.conda/envs/clip-ft/lib/python3.10/site-packages/torch/utils/data/dataloader.py:554: UserWarning: This DataLoader will create 16 worker processes in total. Our suggested max number of worker in current system is 8, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary.",
           "0: /home/nwaweru/.conda/envs/clip-ft/lib/python3.10/site-packages/torch/utils/data/dataloader.py:554: UserWarning: This DataLoader will create 16 worker processes in total. Our suggested max number of worker in current system is 8, which is smaller than what this DataLoader is going to create.",
           "slurmstepd: error: Detected 3 oom_kill events in StepId=%d.0. Some of the step tasks have been OOM Killed." % jid,
           "1: Traceback (most recent call last):",
           '1:   File "/home/nwaweru/.conda/envs/clip-ft/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 1133, in _try_get_data',
           "1:     data = self._data_queue.get(timeout=timeout)",
           '1:   File "/home/nwaweru/.conda/envs/clip-ft/lib/python3.10/multiprocessing/queues.py", line 113, in get',
           "1:     if not self._poll(timeout):",
           '1:   File "/home/nwaweru/.conda/envs/clip-ft/lib/python3.10/site-packages/torch/utils/data/_utils/signal_handling.py", line 66, in handler',
           "1:     _error_if_any_worker_fails()",
           "1: RuntimeError: DataLoader worker (pid 288311) is killed by signal: Killed. ",
           "1: ",
           "1: The above exception was the direct cause of the following exception:",
           "1: ",
           "1: Traceback (most recent call last):",
           '1:   File "/home/nwaweru/clip-ft/train_clip.py", line 212, in <module>',
           "1:     main()",
           '1:   File "/home/nwaweru/clip-ft/train_clip.py", line 171, in main',
           "1:     for step, (images, texts) in enumerate(train_loader):",
           '1:   File "/home/nwaweru/.conda/envs/clip-ft/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 1146, in _try_get_data',
           "1:     raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
           "1: RuntimeError: DataLoader worker (pid(s) 288311) exited unexpectedly",
           "1: WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 288102 closing signal SIGTERM",
           "1: WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 288104 closing signal SIGTERM",
           "1: WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 288105 closing signal SIGTERM",
           "0: [E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
           "0: RuntimeError: NCCL communicator was aborted on rank 2.  Original reason for failure was: NCCL error: remote process exited or there was a network error, NCCL version 2.14.3",
           ]
    err += ["1: " + x for x in child_failed("train_clip.py", tk, [(5, 1, "v100n12.hyperion.local", 1, 288103, "[See inside the rank's log]")],
                                        torchrun="/home/nwaweru/.conda/envs/clip-ft/bin/torchrun")]
    err += ["srun: error: v100n12: task 1: Exited with exit code 1", "srun: error: v100n11: task 0: Exited with exit code 1"]
    files[nodes[0] + "/clip_ft_%d.err" % jid] = join(err)
    wall = int((tk - base).total_seconds()) + 30
    files[nodes[0] + "/seff_%d.txt" % jid] = seff(jid, "nwaweru", "cv-group", "OUT_OF_MEMORY (exit code 0)", 2, 32, wall, 37.4, 366.8, 368.0)
    files[nodes[0] + "/sacct.txt"] = sacct([
        (str(jid), "clip-ft", "gpu-v100", "cv-group", 64, "OUT_OF_MEMORY", "0:125", hms(wall), "v100n[11-12]"),
        ("%d.batch" % jid, "batch", "", "cv-group", 32, "COMPLETED", "0:0", hms(wall), "v100n11"),
        ("%d.extern" % jid, "extern", "", "cv-group", 64, "COMPLETED", "0:0", hms(wall), "v100n[11-12]"),
        ("%d.0" % jid, "torchrun", "", "cv-group", 64, "OUT_OF_MEMORY", "0:125", hms(wall - 40), "v100n[11-12]")])
    # dmesg on v100n12 (admin)
    upt = 884213.5
    dm = []
    for k, (pid, rss) in enumerate([(288311, 11893212), (288356, 11894044), (288402, 11890932)]):
        u = upt + k * 0.41
        dm += [up(u) + " python invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
               up(u) + " memory: usage 192937984kB, limit 192937984kB, failcnt 41121",
               up(u) + " oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_53118/job_%d,task_memcg=/slurm/uid_53118/job_%d/step_0/user/task_1,task=pt_data_worker,pid=%d,uid=53118" % (jid, jid, pid),
               up(u + 0.002) + " Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:%dkB, anon-rss:%dkB, file-rss:82344kB, shmem-rss:10244kB, UID:53118 pgtables:24412kB oom_score_adj:0" % (pid, rss + 9000000, rss)]
    files["v100n12/dmesg.txt"] = join(dmesg_boot(rng, "v100n12", base, upt - 5000, kind="U") + dm)
    files["v100n12/free_ulimit.txt"] = join([
        "$ free -g", "               total        used        free      shared  buff/cache   available",
        "Mem:             376          14         355           0           6         358",
        "Swap:              0           0           0", "",
        "$ ulimit -a", "real-time non-blocking time  (microseconds, -R) unlimited", "core file size              (blocks, -c) 0",
        "data seg size               (kbytes, -d) unlimited", "scheduling priority                 (-e) 0",
        "file size                   (blocks, -f) unlimited", "pending signals                     (-i) 1544012",
        "max locked memory           (kbytes, -l) unlimited", "max memory size             (kbytes, -m) 192937984",
        "open files                          (-n) 131072", "pipe size                (512 bytes, -p) 8",
        "POSIX message queues         (bytes, -q) 819200", "stack size                  (kbytes, -s) unlimited",
        "cpu time                   (seconds, -t) unlimited", "max user processes                  (-u) 4096",
        "virtual memory              (kbytes, -v) unlimited", "file locks                          (-x) unlimited"])
    label = {"category": "oom", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "The job's own DataLoader workers (16 per rank, each holding a copy of an 11.8M-record in-memory caption list) exhausted the job's 184 GiB cgroup: slurmstepd reports oom_kill events, dmesg shows the memcg killing pt_data_worker processes of this job, seff shows 99.7% memory use.",
             "modelled_on": "https://github.com/pytorch/pytorch/issues/13246"}
    return name, files, label, None


# ------------------------------------------------------------------ g03
def g03(rng):
    name = "g03_crash_when_saving_checkpoint"
    files = {}
    nodes = ["gpu-l40s-03", "gpu-l40s-04"]
    gpn = 4
    jid = 5120477
    base = dt(2024, 9, 23, 18, 11, 2)
    out = slurm_prolog(jid, nodes[0], base, "gpu-l40s")
    out += ["+ source /home/aokafor/venvs/hf/bin/activate",
            "+ accelerate launch --multi_gpu --num_machines 2 --num_processes 8 --machine_rank 0 --main_process_ip gpu-l40s-03 run_clm.py --model_name_or_path EleutherAI/pythia-1.4b --output_dir /home/aokafor/runs/pythia-ft --save_steps 500 --per_device_train_batch_size 8 --bf16"]
    t = T(base, 40)
    for r, n, l in rank_map(nodes, gpn):
        out.append("%s - WARNING - __main__ - Process rank: %d, device: cuda:%d, n_gpu: 1, distributed training: True, 16-bits training: False" % (t.strftime("%m/%d/%Y %H:%M:%S"), r, l)) if n == nodes[0] else None
    out = [o for o in out if o]
    out.append("[INFO|trainer.py:2128] 2024-09-23 18:13:20,612 >> ***** Running training *****")
    out.append("[INFO|trainer.py:2129] 2024-09-23 18:13:20,612 >>   Num examples = 1,804,224")
    out.append("[INFO|trainer.py:2133] 2024-09-23 18:13:20,612 >>   Total train batch size (w. parallel, distributed & accumulation) = 64")
    out.append("[INFO|trainer.py:2135] 2024-09-23 18:13:20,612 >>   Total optimization steps = 28,191")

    def fmt(tt, step, loss, d):
        return "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (loss, 0.8 + rng.uniform(0, 0.5), 5e-5 * (1 - step / 28191.0), step / 28191.0)
    tsave = T(base, 150)
    for s in range(0, 1500, 500):
        lines, tsave = progress(rng, tsave, s + 10, s + 500, 10, 1.71, 2.9 - s / 2000.0, 2.7 - s / 2000.0, fmt)
        out += lines
        ts = py(tsave).replace(",", " ")
        if s + 500 < 1500:
            out.append("[INFO|trainer.py:3478] %s >> Saving model checkpoint to /home/aokafor/runs/pythia-ft/checkpoint-%d" % (py(tsave), s + 500))
            out.append("[INFO|configuration_utils.py:472] %s >> Configuration saved in /home/aokafor/runs/pythia-ft/checkpoint-%d/config.json" % (py(tsave), s + 500))
            out.append("[INFO|modeling_utils.py:2690] %s >> Model weights saved in /home/aokafor/runs/pythia-ft/checkpoint-%d/model.safetensors" % (py(T(tsave, 9)), s + 500))
    tf = tsave
    out.append("[INFO|trainer.py:3478] %s >> Saving model checkpoint to /home/aokafor/runs/pythia-ft/checkpoint-1500" % py(tf))
    files[nodes[0] + "/slurm-%d.out" % jid] = join(out)
    err = ["The following values were not passed to `accelerate launch` and had defaults used instead:",
           "\t`--dynamo_backend` was set to a value of `'no'`",
           "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.",
           "/home/aokafor/venvs/hf/lib/python3.11/site-packages/transformers/training_args.py:1545: FutureWarning: `evaluation_strategy` is deprecated and will be removed in version 4.46 of 🤗 Transformers. Use `eval_strategy` instead",
           "Traceback (most recent call last):",
           '  File "/home/aokafor/pythia-ft/run_clm.py", line 671, in <module>',
           "    main()",
           '  File "/home/aokafor/pythia-ft/run_clm.py", line 619, in main',
           "    train_result = trainer.train(resume_from_checkpoint=checkpoint)",
           '  File "/home/aokafor/venvs/hf/lib/python3.11/site-packages/transformers/trainer.py", line 1938, in train',
           "    return inner_training_loop(",
           '  File "/home/aokafor/venvs/hf/lib/python3.11/site-packages/transformers/trainer.py", line 2356, in _inner_training_loop',
           "    self._maybe_log_save_evaluate(tr_loss, grad_norm, model, trial, epoch, ignore_keys_for_eval)",
           '  File "/home/aokafor/venvs/hf/lib/python3.11/site-packages/transformers/trainer.py", line 2807, in _maybe_log_save_evaluate',
           "    self._save_checkpoint(model, trial, metrics=metrics)",
           '  File "/home/aokafor/venvs/hf/lib/python3.11/site-packages/transformers/trainer.py", line 2907, in _save_checkpoint',
           "    self._save_optimizer_and_scheduler(output_dir)",
           '  File "/home/aokafor/venvs/hf/lib/python3.11/site-packages/transformers/trainer.py", line 3023, in _save_optimizer_and_scheduler',
           "    torch.save(self.optimizer.state_dict(), os.path.join(output_dir, OPTIMIZER_NAME))",
           '  File "/home/aokafor/venvs/hf/lib/python3.11/site-packages/torch/serialization.py", line 651, in save',
           "    with _open_zipfile_writer(f) as opened_zipfile:",
           '  File "/home/aokafor/venvs/hf/lib/python3.11/site-packages/torch/serialization.py", line 499, in __exit__',
           "    self.file_like.write_end_of_file()",
           "RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 7418091264 vs 7418091152",
           "",
           "During handling of the above exception, another exception occurred:",
           "",
           "Traceback (most recent call last):",
           '  File "/home/aokafor/venvs/hf/lib/python3.11/site-packages/torch/serialization.py", line 650, in save',
           "    with _open_file_like(f, 'wb') as opened_file:",
           '  File "/home/aokafor/venvs/hf/lib/python3.11/site-packages/torch/serialization.py", line 439, in __exit__',
           "    self.file_like.close()",
           "OSError: [Errno 122] Disk quota exceeded",
           "W0923 19:01:48.221000 140211893 torch/distributed/elastic/multiprocessing/api.py:858] Sending process 771204 closing signal SIGTERM",
           "W0923 19:01:48.221000 140211893 torch/distributed/elastic/multiprocessing/api.py:858] Sending process 771205 closing signal SIGTERM",
           "W0923 19:01:48.222000 140211893 torch/distributed/elastic/multiprocessing/api.py:858] Sending process 771206 closing signal SIGTERM"]
    err += child_failed("run_clm.py", T(tf, 31), [(0, 0, "gpu-l40s-03.hyperion.local", 1, 771203, "[See inside the rank's log]")],
                        torchrun="/home/aokafor/venvs/hf/bin/accelerate")
    files[nodes[0] + "/slurm-%d.err" % jid] = join(err)
    # node 2: sympathetic
    e2 = ["[rank5]:[%s 771911 ProcessGroupNCCL.cpp:1168] [PG 0 Rank 5] ProcessGroupNCCL preparing to dump debug info." % glog(T(tf, 33)),
          "[rank5]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, remote process exited or there was a network error, NCCL version 2.20.5",
          "[rank5]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
          "[rank5]: Last error:",
          "[rank5]: socketProgress: Connection closed by remote peer gpu-l40s-03.hyperion.local<54012>",
          "W0923 19:01:49.004000 140377 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers"]
    files["gpu-l40s-04/node1_launcher.log"] = join(e2)
    files[nodes[0] + "/quota_df.txt"] = join([
        "[aokafor@login2 ~]$ quota -s",
        "Disk quotas for user aokafor (uid 61220): ",
        "     Filesystem   space   quota   limit   grace   files   quota   limit   grace",
        "nas-home01.hyperion.local:/export/home",
        "                 51200M* 51200M  51200M    none    184k   1000k   1000k        ",
        "",
        "[aokafor@login2 ~]$ du -sh ~/runs/pythia-ft/* ~/.cache/huggingface",
        "8.4G\t/home/aokafor/runs/pythia-ft/checkpoint-500",
        "8.4G\t/home/aokafor/runs/pythia-ft/checkpoint-1000",
        "6.9G\t/home/aokafor/runs/pythia-ft/checkpoint-1500",
        "19G\t/home/aokafor/.cache/huggingface",
        "",
        "[aokafor@login2 ~]$ df -h /home /scratch",
        "Filesystem                                   Size  Used Avail Use% Mounted on",
        "nas-home01.hyperion.local:/export/home        80T   51T   29T  64% /home",
        "scratch-mds01@o2ib:/scratch                  1.2P  702T  498T  59% /scratch"])
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "stop",
             "rationale": "torch.save of the optimizer state in HF Trainer's _save_checkpoint fails with OSError [Errno 122] Disk quota exceeded; quota -s shows the user's 50G NFS home quota exhausted (the filesystem itself has 29T free), so a human must free space or move output_dir to /scratch; peer-rank errors are sympathetic.",
             "modelled_on": "https://github.com/open-mmlab/mmdetection/issues/12069"}
    return name, files, label, None
