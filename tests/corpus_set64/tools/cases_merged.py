"""Cases whose only evidence is one merged slurm-<jobid>.out (no node folders)."""
import random

from kit import (Case, T, sec, pylog, nccl_init, traceback, SITE, tz)


def _merge(events, labeler):
    """events: list of (time, key, line); stable sort by time then order."""
    ev = sorted(enumerate(events), key=lambda x: (x[1][0], x[0]))
    return [labeler(k) + line for _, (t, k, line) in ev]


# ---------------------------------------------------------------- missing keys on resume
def every_task_dies_on_resume(name):
    rng = random.Random(6401)
    c = Case(name)
    job = 4471920
    hosts = ["gpu-a017", "gpu-a018", "gpu-a019", "gpu-a020"]
    ips = ["10.31.4.17", "10.31.4.18", "10.31.4.19", "10.31.4.20"]
    t0 = T(2024, 4, 9, 11, 1, 52, 118000)
    head = [
        "+ source /home/mlteam/envs/gpt-train/bin/activate",
        "++ export VIRTUAL_ENV=/home/mlteam/envs/gpt-train",
        "+ export MASTER_ADDR=gpu-a017",
        "+ MASTER_ADDR=gpu-a017",
        "+ export MASTER_PORT=29411",
        "+ MASTER_PORT=29411",
        "+ export NCCL_DEBUG=INFO",
        "+ NCCL_DEBUG=INFO",
        "+ export NCCL_DEBUG_SUBSYS=INIT",
        "+ NCCL_DEBUG_SUBSYS=INIT",
        "+ echo 'job 4471920 on gpu-a[017-020], 16 tasks'",
        "job 4471920 on gpu-a[017-020], 16 tasks",
        "+ srun --label --kill-on-bad-exit=1 --cpu-bind=none python -u pretrain.py --config configs/gpt_1p3b_rms.yaml --resume /lustre/scratch/mlteam/runs/gpt1p3b-v2/ckpt/step_40000",
    ]
    events = []
    pids = {}
    for task in range(16):
        h = task // 4
        lr = task % 4
        pid = 201400 + h * 1000 + lr * 7 + rng.randint(0, 5)
        pids[task] = pid
        t = t0 + sec(0.4 + rng.random() * 0.6)
        events.append((t, task, "[%s][pretrain][INFO] world_size=16 rank=%d local_rank=%d host=%s pid=%d" % (pylog(t), task, lr, hosts[h], pid)))
        t = t + sec(1.1 + rng.random())
        events.append((t, task, "%s/torch/distributed/distributed_c10d.py:3929: UserWarning: No device id is provided via `init_process_group` or `barrier `. Using the current device set by the user. " % SITE))
        events.append((t, task, "  warnings.warn(  # warn only once"))
        for ln in nccl_init(hosts[h], pid, lr, task, 16, ips[h], rng, nic="ib0", hcas=4, gpus_per_node=4, version="2.19.3+cuda12.2")[:9 if task else 10]:
            events.append((t + sec(0.02), task, ln))
    for task in range(16):
        h = task // 4
        t = t0 + sec(6.2 + rng.random() * 0.3)
        if task == 0:
            events.append((t, task, "[%s][pretrain][INFO] config: n_layer=24 d_model=2048 n_head=16 norm=rmsnorm fused_qkv=True rope_theta=10000 seq_len=2048 micro_bs=8 grad_accum=4" % pylog(t)))
            events.append((t + sec(0.01), task, "[%s][pretrain][INFO] Building model GPTModel: 1.31B parameters" % pylog(t + sec(0.01))))
        t2 = t + sec(0.9 + rng.random() * 0.2)
        events.append((t2, task, "[%s][pretrain][INFO] Loading checkpoint /lustre/scratch/mlteam/runs/gpt1p3b-v2/ckpt/step_40000/model_rank%02d.pt" % (pylog(t2), task)))
        t3 = t2 + sec(0.2)
        events.append((t3, task, "/home/mlteam/gpt-train/train/checkpoint.py:58: FutureWarning: You are using `torch.load` with `weights_only=False` (the current default value), which uses the default pickle module implicitly. It is possible to construct malicious pickle data which will execute arbitrary code during unpickling. In a future release, the default value for `weights_only` will be flipped to `True`."))
        events.append((t3, task, "  state = torch.load(path, map_location=\"cpu\")"))
    # the failure: every task that got this far
    missing = []
    unexpected = []
    for i in range(24):
        missing.append('"blocks.%d.attn.qkv.weight"' % i)
        unexpected.extend(['"blocks.%d.attn.q_proj.weight"' % i, '"blocks.%d.attn.k_proj.weight"' % i, '"blocks.%d.attn.v_proj.weight"' % i])
    exc = ("RuntimeError: Error(s) in loading state_dict for GPTModel:\n"
           "\tMissing key(s) in state_dict: %s. \n"
           "\tUnexpected key(s) in state_dict: %s. " % (", ".join(missing), ", ".join(unexpected)))
    frames = [
        ("/home/mlteam/gpt-train/pretrain.py", 412, "<module>", "main(cfg)"),
        ("/home/mlteam/gpt-train/pretrain.py", 338, "main", "start_step = ckpt.resume(model, optimizer, cfg.resume)"),
        ("/home/mlteam/gpt-train/train/checkpoint.py", 71, "resume", "model.load_state_dict(state[\"model\"], strict=True)"),
        (SITE + "/torch/nn/modules/module.py", 2215, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format("),
    ]
    fail_tasks = [0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15]
    tfail = {}
    for task in fail_tasks:
        t = t0 + sec(9.8 + rng.random() * 0.9 + (0.0 if task < 4 else 0.35))
        tfail[task] = t
        for ln in traceback(frames, exc):
            events.append((t, task, ln))
    first = min(tfail.values())
    # tasks 8-11 (gpu-a019) still reading from lustre when the step was killed
    for task in (8, 9, 10, 11):
        t = t0 + sec(7.4 + rng.random())
        events.append((t, task, "[%s][pretrain][INFO] checkpoint read: 412/1460 MiB (lustre ost throttled, 61.2 MiB/s)" % pylog(t)))
    tail_t = first + sec(1.3)
    tail = [
        "srun: error: gpu-a017: tasks 0-3: Exited with exit code 1",
        "srun: Terminating StepId=%d.0" % job,
        "slurmstepd: error: *** STEP %d.0 ON gpu-a017 CANCELLED AT %s ***" % (job, (tail_t + sec(0.4)).strftime("%Y-%m-%dT%H:%M:%S")),
        "srun: error: gpu-a018: tasks 4-7: Exited with exit code 1",
        "srun: error: gpu-a020: tasks 12-15: Exited with exit code 1",
        "srun: error: gpu-a019: tasks 8-11: Killed",
        "+ echo 'training exited with 1'",
        "training exited with 1",
    ]
    body = _merge(events, lambda k: "%2d: " % k)
    c.add("slurm-%d.out" % job, "\n".join(head + body + tail))
    c.set_label("user_code", "script", None, None, "stop",
                "All twelve tasks that finished reading the step_40000 checkpoint fail identically in load_state_dict: the config now builds fused qkv weights but the checkpoint holds separate q/k/v projections; gpu-a019's tasks were only killed by srun --kill-on-bad-exit.",
                "https://github.com/hou-yz/MVDet/issues/7")
    return c


# ---------------------------------------------------------------- NaN at the same step twice
def _megatron_args(lines, extra):
    args = [
        ("accumulate_allreduce_grads_in_fp32", "True"),
        ("adam_beta1", "0.9"), ("adam_beta2", "0.95"), ("adam_eps", "1e-08"),
        ("bf16", "True"), ("check_for_nan_in_loss_and_grad", "True"),
        ("clip_grad", "0.0"), ("data_path", "['/lustre/fsw/llm/data/mix_v7_text_document']"),
        ("fp16", "False"), ("global_batch_size", "1024"), ("hidden_size", "4096"),
        ("init_method_std", "0.02"), ("log_interval", "10"), ("lr", "0.0006"),
        ("lr_decay_style", "cosine"), ("lr_warmup_iters", "2000"), ("micro_batch_size", "1"),
        ("min_lr", "6e-05"), ("num_attention_heads", "32"), ("num_layers", "32"),
        ("save_interval", "1000"), ("seed", "1234"), ("seq_length", "4096"),
        ("tensor_model_parallel_size", "1"), ("pipeline_model_parallel_size", "1"),
        ("train_iters", "500000"), ("weight_decay", "0.1"),
    ] + extra
    lines.append("------------------------ arguments ------------------------")
    for k, v in sorted(args):
        lines.append("  %s %s %s" % (k, "." * max(3, 48 - len(k)), v))
    lines.append("-------------------- end of arguments ---------------------")


def _iter_line(t, it, samples, ms, tflops, lr, loss, gn):
    return ("[%s] iteration %8d/  500000 | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size:  1024 | lm loss: %.6E | "
            "loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
            % (t.strftime("%Y-%m-%d %H:%M:%S"), it, samples, ms, tflops, lr, loss, gn))


def loss_nan_again_after_requeue(name):
    rng = random.Random(6402)
    c = Case(name)
    job = 88123
    out = []
    runs = [
        (["dgx041", "dgx042", "dgx043", "dgx044"], T(2024, 5, 15, 22, 40, 3), 11000, 0),
        (["dgx107", "dgx108", "dgx109", "dgx110"], T(2024, 5, 16, 4, 10, 22), 12000, 1),
    ]
    ips = {"dgx041": "10.40.1.41", "dgx042": "10.40.1.42", "dgx043": "10.40.1.43", "dgx044": "10.40.1.44",
           "dgx107": "10.40.2.107", "dgx108": "10.40.2.108", "dgx109": "10.40.2.109", "dgx110": "10.40.2.110"}
    for hosts, tstart, resume, restart in runs:
        nl = "dgx[%s-%s]" % (hosts[0][3:], hosts[-1][3:])
        pref = lambda h: h + ": "
        out.append("==== job %d (restart count %d) on %s at %s ====" % (job, restart, nl, tstart.strftime("%a %b %d %H:%M:%S UTC %Y")))
        out.append("+ srun --ntasks-per-node=1 bash -c 'torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=%s:29500 pretrain_gpt.py ${ARGS} 2>&1 | sed \"s/^/$(hostname -s): /\"'" % hosts[0])
        t = tstart + sec(9)
        for k, h in enumerate(hosts):
            ta = t + sec(rng.random() * 0.5)
            apid = 90100 + k * 7 + restart * 3000
            out.append(pref(h) + "W%s %d torch/distributed/run.py:779] " % (ta.strftime("%m%d %H:%M:%S.%f"), apid))
            out.append(pref(h) + "W%s %d torch/distributed/run.py:779] *****************************************" % (ta.strftime("%m%d %H:%M:%S.%f"), apid))
            out.append(pref(h) + "W%s %d torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ((ta + sec(0.0002)).strftime("%m%d %H:%M:%S.%f"), apid))
            out.append(pref(h) + "W%s %d torch/distributed/run.py:779] *****************************************" % ((ta + sec(0.0002)).strftime("%m%d %H:%M:%S.%f"), apid))
        h0 = hosts[0]
        out.append(pref(h0) + "using world size: 32, data-parallel size: 32, context-parallel size: 1, tensor-model-parallel size: 1, pipeline-model-parallel size: 1 ")
        a = []
        _megatron_args(a, [("load", "/lustre/fsw/llm/ckpt/gpt7b-mix7"), ("save", "/lustre/fsw/llm/ckpt/gpt7b-mix7")])
        out.extend(pref(h0) + x for x in a)
        for i, h in enumerate(hosts):
            pid = 90300 + i * 11
            for ln in nccl_init(h, pid, 0, i * 8, 32, ips[h], rng, version="2.21.5+cuda12.4")[:8]:
                out.append(pref(h) + ln)
        out.append(pref(h0) + " loading checkpoint from /lustre/fsw/llm/ckpt/gpt7b-mix7 at iteration %d" % resume)
        out.append(pref(h0) + "  successfully loaded checkpoint from /lustre/fsw/llm/ckpt/gpt7b-mix7 [ t 1/1, p 1/1 ] at iteration %d" % resume)
        out.append(pref(h0) + "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % (tstart + sec(96)).strftime("%Y-%m-%d %H:%M:%S"))
        out.append(pref(h0) + "> building train, validation, and test datasets for GPT ...")
        out.append(pref(h0) + "[after dataloaders are built] datetime: %s " % (tstart + sec(131)).strftime("%Y-%m-%d %H:%M:%S"))
        out.append(pref(h0) + "training ...")
        t = tstart + sec(140)
        last = hosts[-1]
        for it in range(resume + 10, 12391, 10):
            t = t + sec(10 * (2.20 + rng.random() * 0.03))
            lr = 6e-4 * (0.5 * (1 + __import__("math").cos(3.14159265 * (it - 2000) / 498000))) * 0.9 + 6e-5
            loss = 2.41 - (it - 11000) * 0.00002 + rng.gauss(0, 0.012)
            gn = 0.26 + rng.random() * 0.05 if it < 12360 else 0.29 + (it - 12360) * 0.04 + rng.random() * 0.03
            if it == 12390:
                gn, loss = 41.773, 3.0612
            out.append(pref(last) + _iter_line(t, it, it * 1024, 2200 + rng.random() * 30, 401.0 + rng.random() * 3, lr, loss, gn))
            if it % 1000 == 0 and it > resume:
                out.append(pref(h0) + "saving checkpoint at iteration %7d to /lustre/fsw/llm/ckpt/gpt7b-mix7 in torch_dist format" % it)
                out.append(pref(h0) + "  successfully saved checkpoint from iteration %7d to /lustre/fsw/llm/ckpt/gpt7b-mix7 [ t 1/1, p 1/1 ]" % it)
        tfail = t + sec(6 * 2.21)
        # every rank on every host trips the nan check at iteration 12397
        order = list(range(32))
        rng.shuffle(order)
        for n, r in enumerate(order[:19]):
            h = hosts[r // 8]
            tr = tfail + sec(n * 0.004)
            out.append(pref(h) + "[rank%d]: Traceback (most recent call last):" % r)
            out.append(pref(h) + '[rank%d]:   File "/workspace/megatron-lm/pretrain_gpt.py", line 254, in <module>' % r)
            out.append(pref(h) + '[rank%d]:   File "/workspace/megatron-lm/megatron/training/training.py", line 1181, in train' % r)
            out.append(pref(h) + '[rank%d]:   File "/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 221, in start_grad_sync' % r)
            out.append(pref(h) + "[rank%d]:     assert not norm.isnan(), (" % r)
            out.append(pref(h) + "[rank%d]: AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (r, r, r % 8, h))
        t2 = tfail + sec(4.2)
        for i, h in enumerate(hosts):
            out.append(pref(h) + "E%s %d torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % ((t2 + sec(i * 0.1)).strftime("%m%d %H:%M:%S.%f"), 90100 + i, 90301 + i * 11))
        for i, h in enumerate(hosts):
            out.append("srun: error: %s: task %d: Exited with exit code 1" % (h, i))
        if restart == 0:
            out.append("+ scontrol requeue %d   # auto-requeue on failure, excluding %s" % (job, nl))
            out.append("")
    c.add("slurm-%d.out" % job, "\n".join(out))
    c.set_label("numerical", "script", None, None, "stop",
                "Grad norm blows up from ~0.3 to >1e6 and every rank on every host trips the NaN check at iteration 12397 in both the first run (dgx041-044) and the requeued run on dgx107-110, with identical consumed samples: a recipe divergence (no gradient clipping), not a node.",
                "https://github.com/NVIDIA/tacotron2/issues/283")
    return c


# ---------------------------------------------------------------- quota exceeded on the shared fs
def checkpoint_write_fails_all_hosts(name):
    rng = random.Random(6418)
    c = Case(name)
    job = 1930447
    hosts = ["node09", "node10", "node11", "node12"]
    zone = tz(2)  # CEST, as printed by the site's job wrapper
    t0 = T(2024, 8, 27, 19, 2, 11, 0, zone)
    out = ["SLURM_JOB_ID=%d SLURM_JOB_NODELIST=node[09-12] SLURM_NNODES=4 started %s" % (job, t0.strftime("%a %d %b %Y %H:%M:%S CEST"))]
    out.append("+ srun --ntasks-per-node=1 bash -c 'torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint node09:29400 train_fsdp.py --cfg cfg/llama_13b.yaml 2>&1 | sed \"s/^/$(hostname -s): /\"'")
    t = t0 + sec(14)
    for i, h in enumerate(hosts):
        out.append("%s: [%s] INFO  rank0-on-node=%d world=32 ckpt_dir=/lustre/proj/mlgrp/ckpt/llama13b-sft-v4" % (h, pylog(t + sec(i * 0.2)), i * 8))
    step = 0
    t = t0 + sec(180)
    for step in range(50, 3001, 50):
        t = t + sec(50 * (3.9 + rng.random() * 0.06))
        out.append("%s: [%s] INFO  step %d/12000 loss %.4f lr %.3e tok/s/gpu %d mem %.1fGiB" % (
            hosts[0], pylog(t), step, 1.92 - step * 0.00011 + rng.gauss(0, 0.01), 2e-5 * min(1.0, step / 500.0), 3050 + rng.randint(-40, 40), 61.2 + rng.random()))
        if step % 1000 == 0:
            out.append("%s: [%s] INFO  saving sharded checkpoint step_%06d (torch.distributed.checkpoint, 32 writers)" % (hosts[0], pylog(t + sec(0.5)), step))
            out.append("%s: [%s] INFO  checkpoint step_%06d saved in %.1fs (51.3 GiB)" % (hosts[0], pylog(t + sec(62)), step, 61.4 + rng.random() * 3))
            if step == 2000:
                out.append("%s: [%s] WARNING  ckpt writer: lustre write slow (OST0007 busy), retrying chunk __11_0.distcp (attempt 1/3)" % (hosts[2], pylog(t + sec(20))))
                out.append("%s: [%s] INFO  ckpt writer: chunk __11_0.distcp written on retry" % (hosts[2], pylog(t + sec(24))))
            t = t + sec(62)
    ts = t + sec(0.5)
    out.append("%s: [%s] INFO  saving sharded checkpoint step_003000 (torch.distributed.checkpoint, 32 writers)" % (hosts[0], pylog(ts)))
    frames = [
        ("/home/ana/llm-sft/train_fsdp.py", 611, "<module>", "main()"),
        ("/home/ana/llm-sft/train_fsdp.py", 577, "main", "save_checkpoint(model, optim, step, cfg)"),
        ("/home/ana/llm-sft/ckpt.py", 43, "save_checkpoint", "dcp.save(state, checkpoint_id=path)"),
        (SITE + "/torch/distributed/checkpoint/logger.py", 83, "wrapper", "result = func(*args, **kwargs)"),
        (SITE + "/torch/distributed/checkpoint/state_dict_saver.py", 144, "save", "return _save_state_dict("),
        (SITE + "/torch/distributed/checkpoint/state_dict_saver.py", 298, "_save_state_dict", "central_plan: SavePlan = distW.reduce_scatter(\"plan\", local_step, global_step)"),
    ]
    order = list(range(32))
    rng.shuffle(order)
    tf = ts + sec(37.2)
    for n, r in enumerate(sorted(order[:14])):
        h = hosts[r // 8]
        tr = tf + sec(n * 0.003)
        out.append("%s: [rank%d]: Traceback (most recent call last):" % (h, r))
        out.append('%s: [rank%d]:   File "/home/ana/llm-sft/ckpt.py", line 43, in save_checkpoint' % (h, r))
        out.append('%s: [rank%d]:   File "%s/torch/distributed/checkpoint/filesystem.py", line 433, in _write_files_from_queue' % (h, r, SITE))
        out.append("%s: [rank%d]:     with create_stream(file_name, \"wb\") as stream:" % (h, r))
        out.append("%s: [rank%d]: OSError: [Errno 122] Disk quota exceeded: '/lustre/proj/mlgrp/ckpt/llama13b-sft-v4/step_003000/__%d_0.distcp'" % (h, r, r))
    out.append("%s: [rank0]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])" % (hosts[0], ", ".join(str(x) for x in sorted(order[:14]))))
    tk = tf + sec(3.1)
    for i, h in enumerate(hosts):
        out.append("%s: E%s %d torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /home/ana/envs/sft/bin/python" % (
            h, (tk + sec(i * 0.05)).strftime("%m%d %H:%M:%S.%f"), 77410 + i, 77500 + i * 13))
    for i, h in enumerate(hosts):
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (h, i))
    out.append("+ lfs quota -g mlgrp -h /lustre")
    out.append("Disk quotas for grp mlgrp (gid 30417):")
    out.append("     Filesystem    used   quota   limit   grace   files   quota   limit   grace")
    out.append("        /lustre  50.02T*    45T     50T  6d23h  1.204M       0       0       -")
    out.append("+ echo 'job finished rc=1 at %s'" % (tk + sec(9)).strftime("%a %d %b %Y %H:%M:%S CEST"))
    out.append("job finished rc=1 at %s" % (tk + sec(9)).strftime("%a %d %b %Y %H:%M:%S CEST"))
    c.add("slurm-%d.out" % job, "\n".join(out))
    c.set_label("storage", "infrastructure", None, None, "stop",
                "Writers on all four hosts fail with EDQUOT while saving step_003000 and lfs quota shows group mlgrp at its 50T hard limit on /lustre; a shared-filesystem quota needs a person to free or raise it, no node is at fault.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    return c
