"""Cases ar11-ar20."""
import random

from common import (Case, T, sec, ts_py, ts_c10, ts_glog, ts_iso, ts_journal, ts_syslog, megatron_iters,
                    torchtitan_steps, pylog_steps, describe_pod, describe_node, get_events, nvsmi_q, dmesg_boot,
                    watchdog_timeout, torchrun_failure, torchrun_header, agent_received_sigterm)
from jobkit import build_job, sympathetic_timeouts, crash_trace


def _failed(t_start, t_end, code=1, reason="Error"):
    return ("Terminated", ("Reason", reason), ("Exit Code", str(code)),
            ("Started", t_start.strftime("%a, %d %b %Y %H:%M:%S +0000")),
            ("Finished", t_end.strftime("%a, %d %b %Y %H:%M:%S +0000")))


# ------------------------------------------------------------------ ar11 KubeRay
def ar11():
    rng = random.Random(4711)
    head = "raycluster-gpt-head-7wq5d"
    workers = ["raycluster-gpt-worker-a100-2xq8f", "raycluster-gpt-worker-a100-8hmnc", "raycluster-gpt-worker-a100-t5zzk", "raycluster-gpt-worker-a100-vb3nq"]
    wips = ["10.52.3.14", "10.52.7.40", "10.52.9.8", "10.52.12.101"]
    t0 = T(2024, 8, 6, 19, 5, 33)
    sub = "raysubmit_Xq3N8fLw2aJcPbKd"
    c = Case("ar11_rayjob_fails_right_after_resume_from_checkpoint", {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "All 16 RayTrainWorkers on all four worker pods raise the same 'RuntimeError: Error(s) in loading state_dict for DistributedDataParallel: Missing key(s) in state_dict: \"module.tok_embeddings.weight\" ... Unexpected key(s) in state_dict: \"tok_embeddings.weight\"' when train_func restores the checkpoint (the checkpoint was saved from the unwrapped model, the resume path loads into the DDP wrapper); the head's job driver log ends in TrainingFailedError with that RuntimeError. Deterministic, identical on every worker: user code, stop. The '(raylet) ... worker died or was killed' message, the object-store spilling warning and the autoscaler 'Resized to' lines are noise/sympathetic.",
        "modelled_on": "https://github.com/ray-project/ray/issues/31784"})
    drv = []
    tt = t0
    drv += ["%s\tINFO job_manager.py:531 -- Runtime env is setting up." % ts_py(tt).replace(",", "."),
            "%s\tINFO worker.py:1596 -- Connecting to existing Ray cluster at address: 10.52.0.5:6379..." % ts_py(tt + sec(3)),
            "%s\tINFO worker.py:1772 -- Connected to Ray cluster. View the dashboard at 10.52.0.5:8265 " % ts_py(tt + sec(3.4)),
            "",
            "View detailed results here: /mnt/cluster_storage/gpt-350m-ft",
            "To visualize your results with TensorBoard, run: `tensorboard --logdir /tmp/ray/session_2024-08-06_18-52-10_118204_1/artifacts/2024-08-06_19-05-41/gpt-350m-ft/driver_artifacts`",
            "",
            "Training started with configuration:",
            "╭──────────────────────────────────────────────────╮",
            "│ Training config                                  │",
            "├──────────────────────────────────────────────────┤",
            "│ train_loop_config/batch_size                  16 │",
            "│ train_loop_config/lr                        3e-4 │",
            "│ train_loop_config/resume_from   .../checkpoint_000011 │",
            "╰──────────────────────────────────────────────────╯",
            "(TrainTrainable pid=3391) Trainable.setup took 12.113 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads.",
            "(RayTrainWorker pid=3552, ip=10.52.3.14) Setting up process group for: env:// [rank=0, world_size=16]",
            "(TorchTrainer pid=3391) Started distributed worker processes: ",
            ]
    for w in range(16):
        drv.append("(TorchTrainer pid=3391) - (node_id=%040x, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % (rng.randrange(1 << 160), wips[w // 4], 3552 + (w % 4) * 7, w, w % 4, w // 4))
    drv.append("(raylet, ip=10.52.9.8) Spilled 2210 MiB, 31 objects, write throughput 804 MiB/s. Set RAY_verbose_spill_logs=0 to disable this message.")
    for w in range(16):
        ip = wips[w // 4]
        pid = 3552 + (w % 4) * 7
        drv += ["(RayTrainWorker pid=%d, ip=%s) Moving model to device: cuda:%d" % (pid, ip, w % 4),
                "(RayTrainWorker pid=%d, ip=%s) Wrapping provided model in DistributedDataParallel." % (pid, ip)]
    tf = t0 + sec(95)
    err = ["RuntimeError: Error(s) in loading state_dict for DistributedDataParallel:",
           '\tMissing key(s) in state_dict: "module.tok_embeddings.weight", "module.layers.0.attention.wq.weight", "module.layers.0.attention.wk.weight", "module.layers.0.attention.wv.weight", "module.layers.0.attention.wo.weight", "module.layers.0.feed_forward.w1.weight", "module.layers.0.feed_forward.w2.weight", "module.layers.0.feed_forward.w3.weight", "module.layers.0.attention_norm.weight", "module.layers.0.ffn_norm.weight", "module.norm.weight", "module.output.weight". ',
           '\tUnexpected key(s) in state_dict: "tok_embeddings.weight", "layers.0.attention.wq.weight", "layers.0.attention.wk.weight", "layers.0.attention.wv.weight", "layers.0.attention.wo.weight", "layers.0.feed_forward.w1.weight", "layers.0.feed_forward.w2.weight", "layers.0.feed_forward.w3.weight", "layers.0.attention_norm.weight", "layers.0.ffn_norm.weight", "norm.weight", "output.weight". ']
    wlog = {w: [] for w in range(4)}
    for w in range(16):
        ip = wips[w // 4]
        pid = 3552 + (w % 4) * 7
        pre = "(RayTrainWorker pid=%d, ip=%s) " % (pid, ip)
        block = [pre + "Restoring from %s" % "/mnt/cluster_storage/gpt-350m-ft/TorchTrainer_2c1e0_00000_0_2024-08-06_16-11-02/checkpoint_000011",
                 pre + "Traceback (most recent call last):",
                 pre + '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/air/_internal/util.py", line 98, in run',
                 pre + "    self._ret = self._target(*self._args, **self._kwargs)",
                 pre + '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/utils.py", line 129, in discard_return_wrapper',
                 pre + "    train_func(*args, **kwargs)",
                 pre + '  File "/home/ray/app/train_gpt.py", line 142, in train_func',
                 pre + "    model.load_state_dict(state[\"model\"])",
                 pre + '  File "/home/ray/anaconda3/lib/python3.10/site-packages/torch/nn/modules/module.py", line 2189, in load_state_dict',
                 pre + "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format("] + [pre + e for e in err]
        wlog[w // 4] += block
        if w in (0, 5):
            drv += block
    drv += ["(raylet, ip=10.52.7.40) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. RayTask ID: ffffffffffffffff2c4e1e0b7f7a1c0b0e6c2b7901000000 Worker ID: 8c0d3e1a Node ID: 5f7d Worker IP address: 10.52.7.40 Worker port: 10004 Worker PID: 3559 Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors.",
            "%s\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_5a3f1_00000" % ts_py(tf + sec(1)),
            "Traceback (most recent call last):",
            '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future',
            "    result = ray.get(future)",
            "ray.exceptions.RayTaskError(RuntimeError): \x1b[36mray::_Inner.train()\x1b[39m (pid=3391, ip=10.52.0.5, actor_id=4c0b1e7fcd5f9d81a0e6b7ab01000000, repr=TorchTrainer)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/utils.py\", line 57, in check_for_failure",
            "    ray.get(object_ref)",
            "ray.exceptions.RayTaskError(RuntimeError): \x1b[36mray::_RayTrainWorker__execute.get_next()\x1b[39m (pid=3552, ip=10.52.3.14, actor_id=7d1fa9a5b8e0c2, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f8f1c2b3d90>)"] + err + [
            "",
            "Training errored after 0 iterations at 2024-08-06 19:07:09. Total running time: 1min 27s",
            "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.",
            "%s\tERROR job_manager.py:1054 -- Job %s failed: Job entrypoint command failed with exit code 1" % (ts_py(tf + sec(3)), sub)]
    c.add("%s/job-driver-%s.log" % (head, sub), drv)
    c.add("%s/kubectl_describe_rayjob.txt" % head, ["Name:         gpt-350m-ft", "Namespace:    ray", "API Version:  ray.io/v1", "Kind:         RayJob",
                                                   "Status:", "  Job Deployment Status:  Complete", "  Job Id:                 %s" % sub,
                                                   "  Job Status:             FAILED", "  Message:                Job entrypoint command failed with exit code 1",
                                                   "  Ray Cluster Name:       raycluster-gpt", "Events:", "  Type    Reason   Age   From               Message",
                                                   "  Normal  Updated  2m    rayjob-controller  Updated RayJob ray/gpt-350m-ft status from Running to Complete"])
    c.add("%s/monitor.log" % head, ["%s\tINFO autoscaler.py:469 -- Resized to 128 CPUs, 16 GPUs." % ts_py(t0 - sec(600)).replace(",", "."),
                                    "%s\tINFO autoscaler.py:147 -- The autoscaler took 0.021 seconds to complete the update iteration." % ts_py(t0 - sec(599)).replace(",", ".")])
    for i, w in enumerate(workers):
        c.add("%s/worker-stdout.log" % w, wlog[i])
        c.add("%s/raylet.out" % w, ["[%s] (raylet) main.cc:179: Setting cluster ID to: 7b5e..." % ts_py(t0 - sec(900)).replace(",", "."),
                                   "[%s] (raylet) node_manager.cc:525: [state-dump] NodeManager:" % ts_py(t0 - sec(60)).replace(",", "."),
                                   "[%s] (raylet) worker_pool.cc:514: Started worker process with pid %d, the token is 4" % (ts_py(t0 + sec(40)).replace(",", "."), 3552 + i)])
    return c


# ------------------------------------------------------------------ ar12 old driver everywhere
def ar12():
    rng = random.Random(4712)
    pods = ["bert-pt-master-0", "bert-pt-worker-0", "bert-pt-worker-1", "bert-pt-worker-2"]
    nodes = ["dgx-a100-%02d" % n for n in (4, 5, 9, 10)]
    ips = ["10.10.4.%d" % (4 + i) for i in range(4)]
    t0 = T(2024, 5, 30, 11, 12, 0)
    img = "registry.internal/nlp/bert-pretrain:torch2.3-cu121"
    c = Case("ar12_every_pod_crashloops_at_cuda_init", {
        "category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "All four pods fail before any NCCL init with torch's 'RuntimeError: The NVIDIA driver on your system is too old (found version 11040)'; every node's nvidia-smi.txt reports Driver Version 470.223.02 / CUDA Version 11.4 while the image is torch 2.3 built for cu121 (pip_freeze.txt: torch==2.3.0+cu121). Same environment mismatch on every node, nothing node-specific, so it is a framework-level dependency problem: stop and fix the image or driver. The CrashLoopBackOff/BackOff events and torchrun ChildFailedError are consequences; the 'Persistence Mode: Disabled' on dgx-a100-09 is irrelevant.",
        "modelled_on": "https://github.com/NVIDIA/hpc-container-maker/issues/239"})
    for i, p in enumerate(pods):
        lines = torchrun_header(t0 + sec(i * 0.4), 4, 8, "bert-pt-master-0:23456", "bert-pt", entry="/opt/app/run_pretraining.py")
        tt = t0 + sec(6 + i * 0.4)
        fails = []
        for lr in range(8):
            r = i * 8 + lr
            lines += ["/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:118: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
                      "  return torch._C._cuda_getDeviceCount() > 0"] if lr == 0 else []
            lines += ["Traceback (most recent call last):",
                      '  File "/opt/app/run_pretraining.py", line 688, in <module>',
                      "    args, final_loss, train_time_raw = main()",
                      '  File "/opt/app/run_pretraining.py", line 503, in main',
                      "    device, args = setup_training(args)",
                      '  File "/opt/app/run_pretraining.py", line 287, in setup_training',
                      "    torch.cuda.set_device(args.local_rank)",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 399, in set_device',
                      "    torch._C._cuda_setDevice(device)",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 293, in _lazy_init',
                      "    torch._C._cuda_init()",
                      "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."]
            fails.append((lr, r, 1, 120 + lr, "<N/A>"))
        lines += torchrun_failure(tt + sec(1), p, fails, script="run_pretraining.py")
        c.add("%s/kubectl_logs_previous.txt" % p, lines)
        c.add("%s/kubectl_describe_pod.txt" % p, describe_pod(
            p, "nlp", nodes[i], ips[i], img, "registry.internal/nlp/bert-pretrain@sha256:55e0a1c2d3b4f5a6978877665544332211ffeeddccbbaa998877665544332211", t0,
            ("Waiting", ("Reason", "CrashLoopBackOff")), _failed(tt, tt + sec(2)), 4,
            [("Normal", "Pulled", "6m (x5 over 9m)", "kubelet", 'Container image "%s" already present on machine' % img),
             ("Warning", "BackOff", "1m (x22 over 8m)", "kubelet", "Back-off restarting failed container pytorch in pod %s_nlp" % p)],
            controlled_by="PyTorchJob/bert-pt", node_ip=ips[i]))
        sm = ["Thu May 30 11:21:40 2024",
              "+-----------------------------------------------------------------------------+",
              "| NVIDIA-SMI 470.223.02   Driver Version: 470.223.02   CUDA Version: 11.4     |",
              "|-------------------------------+----------------------+----------------------+",
              "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |",
              "| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |",
              "|                               |                      |               MIG M. |",
              "|===============================+======================+======================|"]
        for g in range(8):
            sm += ["|   %d  NVIDIA A100-SXM...  %s  | 00000000:%s:00.0 Off |                    0 |" % (g, "Off" if i == 2 else "On ", ["07", "0F", "47", "4E", "87", "90", "B7", "BD"][g]),
                   "| N/A   %dC    P0    %dW / 400W |      0MiB / 81251MiB |      0%%      Default |" % (30 + g, 58 + g),
                   "|                               |                      |             Disabled |",
                   "+-------------------------------+----------------------+----------------------+"]
        c.add("%s/nvidia-smi.txt" % p, sm)
        c.add("%s/pip_freeze.txt" % p, ["numpy==1.26.4", "nvidia-nccl-cu12==2.20.5", "nvidia-cuda-runtime-cu12==12.1.105", "torch==2.3.0+cu121", "transformers==4.41.2", "triton==2.3.0"])
    return c


# ------------------------------------------------------------------ ar13 user module missing
def ar13():
    rng = random.Random(4713)
    pods = ["moe-8x1b-trainer-0-0-h2kpl", "moe-8x1b-trainer-0-1-q8w7c", "moe-8x1b-trainer-0-2-z3b6f"]
    nodes = ["gke-h100-np-7a1c3e9d-1q2w", "gke-h100-np-7a1c3e9d-6ty7", "gke-h100-np-7a1c3e9d-u8i9"]
    ips = ["10.24.0.%d" % (7 + i) for i in range(3)]
    t0 = T(2024, 10, 2, 14, 40, 0)
    c = Case("ar13_all_trainer_pods_exit_1_seconds_after_start", {
        "category": "dependency", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "On every pod all 8 ranks die at import with \"ModuleNotFoundError: No module named 'llmtrain.data.packed_dataset'\" (kubectl_logs_trainer.txt); the git-sync init container log on each pod shows it checked out the user's repo at 'main' = 3c2f9e1 whose commit message is 'refactor: move packed_dataset into llmtrain.datasets'. The missing module is the user's own code checkout, identical on all nodes, not a cluster package: dependency/script, stop. The JobSet 'FailedJobs' and ChildFailedError are consequences; the NCCL plugin-not-found INFO never appears because the job dies earlier.",
        "modelled_on": "https://github.com/kubernetes/kubernetes/issues/7400"})
    for i, p in enumerate(pods):
        gs = ['{"logger":"","ts":"%s","caller":{"file":"main.go","line":553},"level":0,"msg":"starting up","pid":1,"uid":65533,"gid":65533,"home":"/tmp","flags":["--repo=https://github.com/acme-ml/llmtrain","--ref=main","--root=/git","--one-time","--depth=1"]}' % ts_iso(t0 - sec(20), 9),
              '{"logger":"","ts":"%s","caller":{"file":"main.go","line":1283},"level":0,"msg":"repo contains lock file","path":"/git/.git/shallow.lock"}' % ts_iso(t0 - sec(19), 9) if i == 2 else "",
              '{"logger":"","ts":"%s","caller":{"file":"main.go","line":1727},"level":0,"msg":"update required","ref":"main","local":"","remote":"3c2f9e1d7b0a4e6f8c2d1b3a5f7e9d0c1b2a3f4e","syncCount":0}' % ts_iso(t0 - sec(17), 9),
              '{"logger":"","ts":"%s","caller":{"file":"main.go","line":1363},"level":0,"msg":"adding worktree","path":"/git/.worktrees/3c2f9e1d7b0a4e6f8c2d1b3a5f7e9d0c1b2a3f4e","hash":"3c2f9e1d7b0a4e6f8c2d1b3a5f7e9d0c1b2a3f4e"}' % ts_iso(t0 - sec(15), 9),
              '{"logger":"","ts":"%s","caller":{"file":"main.go","line":1411},"level":0,"msg":"updated successfully","ref":"main","remote":"3c2f9e1d7b0a4e6f8c2d1b3a5f7e9d0c1b2a3f4e","syncCount":1,"commit_subject":"refactor: move packed_dataset into llmtrain.datasets"}' % ts_iso(t0 - sec(14), 9),
              '{"logger":"","ts":"%s","caller":{"file":"main.go","line":948},"level":0,"msg":"exiting after one sync","status":0}' % ts_iso(t0 - sec(14), 9)]
        c.add("%s/kubectl_logs_git-sync.txt" % p, [x for x in gs if x])
        lines = torchrun_header(t0 + sec(i * 0.3), 3, 8, "moe-8x1b-trainer-0-0.moe-8x1b:29500", "moe8x1b", entry="/git/llmtrain/train.py")
        fails = []
        for lr in range(8):
            r = i * 8 + lr
            lines += ["[rank%d]: Traceback (most recent call last):" % r,
                      '[rank%d]:   File "/git/llmtrain/train.py", line 22, in <module>' % r,
                      "[rank%d]:     from llmtrain.data.packed_dataset import PackedDataset, build_packed_loader" % r,
                      "[rank%d]: ModuleNotFoundError: No module named 'llmtrain.data.packed_dataset'" % r]
            fails.append((lr, r, 1, 88 + lr, "<N/A>"))
        lines += torchrun_failure(t0 + sec(9 + i * 0.3), p, fails)
        c.add("%s/kubectl_logs_trainer.txt" % p, lines)
        c.add("%s/kubectl_describe_pod.txt" % p, describe_pod(
            p, "llm", nodes[i], ips[i], "us-docker.pkg.dev/acme-ml/base/pytorch:24.09", "us-docker.pkg.dev/acme-ml/base/pytorch@sha256:0a9b8c7d6e5f40312233445566778899aabbccddeeff00112233445566778899", t0,
            _failed(t0, t0 + sec(10), 1), None, 0,
            [("Normal", "Started", "3m", "kubelet", "Started container git-sync"), ("Normal", "Started", "3m", "kubelet", "Started container trainer")],
            container="trainer", status="Failed", controlled_by="Job/moe-8x1b-trainer-0", node_ip=ips[i]))
    c.add("kubectl_get_jobset.txt", ["NAME       TERMINALSTATE   RESTARTS   COMPLETED   SUSPENDED   AGE", "moe-8x1b   Failed          0                       false       4m",
                                     "", "Events:", "  Warning  FailedJobs  2m  jobset  jobset moe-8x1b failed: child job moe-8x1b-trainer-0 failed: BackoffLimitExceeded"])
    return c


# ------------------------------------------------------------------ ar14 NaN same step, different nodes
def ar14():
    rng = random.Random(4714)
    pods = ["gpt-2p7b-master-0", "gpt-2p7b-worker-0", "gpt-2p7b-worker-1", "gpt-2p7b-worker-2"]
    node_sets = [["a800-n%02d" % n for n in (1, 2, 3, 4)], ["a800-n%02d" % n for n in (7, 11, 5, 9)]]
    c = Case("ar14_pytorchjob_fails_twice_at_iteration_3127", {
        "category": "numerical", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Both attempts (attempt_1 on a800-n01..n04, attempt_2 rescheduled onto a800-n07/n11/n05/n09 per the describe files) diverge identically: lm loss climbs 2.3 -> 5.9 -> 41 from iteration ~3120 and at iteration 3127 rank 13 raises 'Rank 13: found NaN in local grad norm in backward pass before data-parallel communication collective'. Same iteration, same rank, different physical nodes and GPUs: the recipe (lr 6e-4 with no warmup restart after resume, see the config line) is diverging, not hardware. Stop and fix the recipe. The watchdog timeouts/ChildFailedError of the other ranks and the single corrected-ECC count on a800-n03 are not the cause.",
        "modelled_on": "https://github.com/karpathy/nanoGPT/issues/167"})
    for a in range(2):
        t0 = T(2024, 6, 1, 0, 5, 0) if a == 0 else T(2024, 6, 1, 2, 41, 0)
        nodes = node_sets[a]
        ips = ["10.30.%d.%d" % (a, 10 + i) for i in range(4)]
        logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "gpt2p7b", "gpt-2p7b-master-0:23456", net="IB",
                                        entry="/workspace/Megatron-LM/pretrain_gpt.py")
        start = 1 if a == 0 else 3001
        logs[pods[0]].append("[%s] using world size: 32, data-parallel size: 32, lr: 6e-4, lr_warmup_iters: 0 (resume=%s), min_lr: 6e-5, clip_grad: 1.0, bf16: True" % (t_ready.strftime("%Y-%m-%d %H:%M:%S"), "yes" if a else "no"))
        if a == 1:
            logs[pods[0]].append(" loading checkpoint from /ckpt/gpt-2p7b at iteration 3000")
        tr, t1 = megatron_iters(t_ready, start, 3119 - start + 1, 300000, 1.21, rng, loss0=3.0 if a == 0 else 2.31)
        logs[pods[0]] += tr
        t = t1
        for it, lv in ((3120, 2.41), (3121, 2.87), (3122, 3.55), (3123, 5.91), (3124, 9.40), (3125, 18.2), (3126, 41.07)):
            t += sec(1.22)
            logs[pods[0]].append(" [%s] iteration %8d/  300000 | consumed samples: %12d | elapsed time per iteration (ms): 1221.4 | learning rate: 6.000000E-04 | global batch size:   512 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                                 % (t.strftime("%Y-%m-%d %H:%M:%S"), it, it * 512, lv, lv * 9.3))
        tx = t + sec(1.1)
        p1 = pods[1]
        logs[p1] += crash_trace(13, [("/workspace/Megatron-LM/pretrain_gpt.py", 245, "<module>", "pretrain("),
                                      ("/workspace/Megatron-LM/megatron/training/training.py", 353, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                                      ("/workspace/Megatron-LM/megatron/training/training.py", 1221, "train", "train_step(forward_step_func,"),
                                      ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 322, "start_grad_sync", "self.check_for_nan_in_grad()"),
                                      ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 288, "check_for_nan_in_grad", "assert not norm_is_nan, (")],
                                 "AssertionError: Rank 13: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 5, node: gpt-2p7b-worker-0")
        logs[p1] += torchrun_failure(tx + sec(2), p1, [(5, 13, 1, pids[p1] + 5, "<N/A>")], script="pretrain_gpt.py")
        sympathetic_timeouts(logs, [pods[0], pods[2], pods[3]], 8, pids, tx + sec(600.1), 40812 + a * 3, numel=335544320, agent_fail=True, script="pretrain_gpt.py")
        for i, p in enumerate(pods):
            c.add("attempt_%d/%s/kubectl_logs.txt" % (a + 1, p), logs[p])
            c.add("attempt_%d/%s/kubectl_describe_pod.txt" % (a + 1, p), describe_pod(
                p, "pretrain", nodes[i], ips[i], "nvcr.io/nvidia/pytorch:24.05-py3", "nvcr.io/nvidia/pytorch@sha256:7c4f0d1e2b3a4958675a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e", t0,
                _failed(t0, tx + sec(603), 1), None, 0, None, controlled_by="PyTorchJob/gpt-2p7b", node_ip=ips[i], status="Failed"))
            ov = {2: {"dram_corr": 1, "dram_corr_agg": 1}} if (a == 0 and i == 2) else {}
            c.add("attempt_%d/%s/nvidia-smi-q.txt" % (a + 1, p), nvsmi_q(tx + sec(700), 8, product="NVIDIA A800-SXM4-80GB", overrides=ov))
    c.add("pytorchjob_events.txt", get_events([
        ("2h", "Normal", "SuccessfulCreatePod", "pytorchjob/gpt-2p7b", "Created pod: gpt-2p7b-master-0"),
        ("83m", "Warning", "PyTorchJobRestarting", "pytorchjob/gpt-2p7b", "PyTorchJob gpt-2p7b is restarting because 1 Worker replica(s) failed."),
        ("82m", "Normal", "SuccessfulDeletePod", "pytorchjob/gpt-2p7b", "Deleted pod: gpt-2p7b-worker-0"),
        ("81m", "Normal", "Scheduled", "pod/gpt-2p7b-worker-0", "Successfully assigned pretrain/gpt-2p7b-worker-0 to a800-n11"),
        ("9m", "Warning", "PyTorchJobFailed", "pytorchjob/gpt-2p7b", "PyTorchJob gpt-2p7b is failed because 1 Worker replica(s) failed (backoffLimit 1 reached).")]))
    return c


# ------------------------------------------------------------------ ar15 NaN follows one node
def ar15():
    rng = random.Random(4715)
    allnodes = ["gke-a3-high-pool-b81c-%s" % s for s in ("0f1g", "3h4j", "6k7l", "9z8x", "m2n3")]
    bad = "gke-a3-high-pool-b81c-6k7l"
    placements = [["gke-a3-high-pool-b81c-0f1g", "gke-a3-high-pool-b81c-3h4j", bad, "gke-a3-high-pool-b81c-9z8x"],
                  [bad, "gke-a3-high-pool-b81c-m2n3", "gke-a3-high-pool-b81c-0f1g", "gke-a3-high-pool-b81c-3h4j"]]
    c = Case("ar15_loss_goes_nan_at_different_steps_after_reschedule", {
        "category": "gpu_memory", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
        "action": "restart_without_node",
        "rationale": "Attempt 1 goes NaN at step 1180 with the first non-finite grad reported by rank 21 (node index 2 = %s, local GPU 5); attempt 2 resumes from step 1000 with a different placement and goes NaN at step 1603 with the first non-finite grad on rank 5 — again local GPU 5 of %s (node index 0 now). Different steps, different global ranks, same physical GPU. That node's dmesg shows 'Xid 63 ... Row Remapper: New row marked for remapping, reset gpu to activate' for PCI 0000:ab:00 (GPU 5) and its nvidia-smi-q.txt in attempt_2 shows a burst of DRAM correctable errors, Remapped Rows Uncorrectable 2 / Pending: Yes on GPU 5. Silent corruption from that GPU's memory: gpu_memory on that node (the global rank differs per attempt, so rank left null). Other nodes are clean; watchdog aborts are sympathetic." % (bad, bad),
        "modelled_on": "https://github.com/leptonai/gpud/pull/987"})
    boot = T(2024, 9, 18, 1, 11, 0)
    for a in range(2):
        t0 = T(2024, 9, 19, 7, 0, 0) if a == 0 else T(2024, 9, 19, 8, 30, 0)
        nodes = placements[a]
        ips = ["10.4.%d.%d" % (a, 20 + i) for i in range(4)]
        logs, pids, t_ready = build_job(rng, nodes, 8, t0, ips, "llama-8b", "%s:29500" % nodes[0], net="TCPX")
        start = 1 if a == 0 else 1001
        nan_step = 1180 if a == 0 else 1603
        tr, t1 = torchtitan_steps(t_ready, start, nan_step - start, 2.05, rng, loss0=3.4 if a == 0 else 2.62, every=10)
        logs[nodes[0]] += tr
        bidx = nodes.index(bad)
        crank = bidx * 8 + 5
        tx = t1 + sec(2.05)
        logs[nodes[0]].append("[rank0]:[titan] %s - root - INFO - step: %5d  loss:     nan  memory: 61.02GiB(77.14%%)  tps: 3,881  tflops: 315.11  mfu: 31.86%%" % (ts_py(tx), nan_step))
        logs[bad].append("[rank%d]:[titan] %s - root - WARNING - Non-finite gradient norm detected on rank %d (local grad norm=inf, params with non-finite grads: %s); step %d" % (crank, ts_py(tx - sec(0.8)), crank, ("'layers.14.feed_forward.w2.weight', 'layers.14.feed_forward.w3.weight'" if a == 0 else "'layers.27.attention.wo.weight'"), nan_step))
        for k in range(1, 4):
            logs[nodes[0]].append("[rank0]:[titan] %s - root - INFO - step: %5d  loss:     nan  memory: 61.02GiB(77.14%%)  tps: 3,870  tflops: 314.20  mfu: 31.77%%" % (ts_py(tx + sec(2.05 * k)), nan_step + k))
        logs[nodes[0]].append("[rank0]:[titan] %s - root - ERROR - Loss is NaN for 4 consecutive steps, aborting (train.py:412)" % ts_py(tx + sec(8.3)))
        for i, n in enumerate(nodes):
            logs[n] += agent_received_sigterm(tx + sec(12), n) if i else torchrun_failure(tx + sec(9), n, [(0, 0, 1, pids[n], "<N/A>")])
        for i, n in enumerate(nodes):
            c.add("attempt_%d/%s/torchrun.log" % (a + 1, n), logs[n])
            ext = []
            if n == bad:
                ext = [(T(2024, 9, 19, 6, 12, 4), "NVRM: Xid (PCI:0000:ab:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000c9d0e0) marked for remapping, reset gpu to activate."),
                       (tx - sec(41) if a == 1 else T(2024, 9, 19, 7, 39, 55), "NVRM: Xid (PCI:0000:ab:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000c9d0e8) marked for remapping, reset gpu to activate.")]
            c.add("attempt_%d/%s/dmesg_T.txt" % (a + 1, n), dmesg_boot(rng, n, "T", boot, ext, kernel="6.1.100+"))
            ov = {}
            if n == bad and a == 1:
                ov = {5: {"dram_corr": 4117, "dram_corr_agg": 4412, "rr_unc": 2, "rr_pending": "Yes"}}
            elif n == bad:
                ov = {5: {"dram_corr": 295, "dram_corr_agg": 295, "rr_unc": 1, "rr_pending": "Yes"}}
            c.add("attempt_%d/%s/nvidia-smi-q.txt" % (a + 1, n), nvsmi_q(tx + sec(60), 8, overrides=ov, driver="550.90.07", cuda="12.4"))
    return c


# ------------------------------------------------------------------ ar16 hang, no evidence
def ar16():
    rng = random.Random(4716)
    pods = ["t5-xxl-workers-0-%d-%s" % (i, s) for i, s in enumerate(("k2j4d", "p9x1c", "r7t5n", "w3q8m"))]
    nodes = ["node-gpu-%03d" % n for n in (114, 117, 121, 130)]
    ips = ["10.60.1.%d" % (114 + i) for i in range(4)]
    t0 = T(2024, 7, 22, 3, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "t5xxl", "t5-xxl-workers-0-0.t5-xxl:29500", net="IB")
    tr, t1 = pylog_steps(t_ready, 1, 8840, 0.62, rng, every=20, line=377,
                         fmt="%(ts)s - INFO - trainer - {'train/loss': %(loss).4f, 'train/lr': %(lr).2e, 'train/step': %(step)d, 'perf/step_time': %(sps).3f}")
    logs[pods[0]] += tr
    seq = 88412
    sympathetic_timeouts(logs, pods, 8, pids, t1 + sec(1800.3), seq, numel=4194304, timeout_ms=1800000, optype="ALLREDUCE", last_completed=seq - 1)
    c = Case("ar16_all_32_ranks_time_out_in_same_allreduce", {
        "category": "hang", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "After step 8840 the job goes silent and 30 minutes later every one of the 32 ranks on all four pods reports the same 'Watchdog caught collective operation timeout: WorkNCCL(SeqNum=88412, OpType=ALLREDUCE ...)' with last completed 88411. The flight-recorder summary (fr_trace_summary.txt) shows all 32 ranks entered seq 88412 with matching sizes and none completed — no missing or mismatched rank; no pod has Xid, link-down, OOM or storage errors in its dmesg/ibstat, and there is no py-spy to tell who is stuck. Hang with no evidence of a culprit: restart. The 'NCCL_IB_TIMEOUT' env notice and idle-GPU utilization in the nvidia-smi snapshots are consequences of the hang.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/97191"})
    boot = T(2024, 7, 20, 12, 0, 0)
    for i, p in enumerate(pods):
        c.add("%s/trainer.log" % p, logs[p])
        c.add("%s/dmesg_T.txt" % p, dmesg_boot(rng, nodes[i], "T", boot, []))
        c.add("%s/ibstat.txt" % p, __import__("common").ibstat(["mlx5_%d" % k for k in (0, 3, 4, 5, 6, 9, 10, 11)]))
        c.add("%s/nvidia-smi-q.txt" % p, nvsmi_q(t1 + sec(900), 8, overrides={k: {"util": 100, "power": "%.2f" % (118.0 + k)} for k in range(8)}))
    fr = ["python -m torch.distributed.flight_recorder.fr_trace /shared/fr-dumps -p nccl_trace_rank_ --allow-incomplete-ranks", ""]
    fr.append("Collective sequence_id 88412 (pg 0:default_pg) ALLREDUCE input sizes [[4194304]] output sizes [[4194304]]")
    fr.append("  state: started on ranks {0..31}; completed on ranks {}")
    fr.append("  missing ranks: {}   mismatched ranks: {}")
    fr.append("Last completed collective on all ranks: sequence_id 88411 ALLREDUCE [[4194304]]")
    fr.append("No desync detected: all ranks joined the same collective.")
    c.add("fr_trace_summary.txt", fr)
    return c


# ------------------------------------------------------------------ ar17 hang, one rank silent
def ar17():
    rng = random.Random(4717)
    pods = ["llm-70b-lora-%d" % i for i in range(4)]
    nodes = ["ip-10-9-4-%d.ec2.internal" % n for n in (18, 55, 91, 140)]
    ips = ["10.9.4.%d" % n for n in (18, 55, 91, 140)]
    t0 = T(2024, 11, 20, 5, 15, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "llama70b-lora", "llm-70b-lora-0:29500", net="OFI")
    tr, t1 = torchtitan_steps(t_ready, 1, 7700, 0.98, rng, loss0=1.9, every=50)
    logs[pods[0]] += tr
    stuck = 11
    seq = 7718
    sympathetic_timeouts(logs, pods, 8, pids, t1 + sec(600.5), seq, skip=(stuck,), optype="_ALLGATHER_BASE", numel=33554432, last_completed=seq - 1)
    c = Case("ar17_training_freezes_then_31_of_32_ranks_time_out", {
        "category": "hang", "layer": "infrastructure", "culprit": {"node": pods[1], "rank": stuck},
        "action": "run_diagnostics",
        "rationale": "Every rank except rank 11 logs the watchdog timeout on SeqNum=7718 _ALLGATHER_BASE; rank 11 (llm-70b-lora-1, local 3) prints nothing. fr_trace.txt (flight recorder analysis) says 'Not all ranks joining collective: sequence number 7718 ... missing ranks: {11}', and llm-70b-lora-1/py-spy-dump.txt shows rank 11's MainThread blocked in torch.cuda.synchronize() inside the loss logging, i.e. its GPU work never finished while all peers wait in all_gather. No Xid or EFA error is visible on that node, so the stuck rank is identified but the reason is not: hang on that node+rank, run diagnostics. Other ranks' timeouts/ChildFailedError are sympathetic.",
        "modelled_on": "https://github.com/pytorch/pytorch/pull/140969"})
    boot = T(2024, 11, 19, 22, 0, 0)
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
        c.add("%s/dmesg.txt" % p, dmesg_boot(rng, nodes[i], "raw", boot, [], kernel="5.10.227-219.884.amzn2.x86_64"))
        c.add("%s/boot_time.txt" % p, ["$ uptime -s", boot.strftime("%Y-%m-%d %H:%M:%S")])
    ps = ["Process %d: /usr/bin/python3 -u /workspace/train.py --config llama70b_lora.toml" % (pids[pods[1]] + 3),
          "Python v3.10.12 (/usr/bin/python3.10)", "",
          "Thread %d (idle): \"MainThread\"" % (pids[pods[1]] + 3),
          "    synchronize (torch/cuda/__init__.py:892)",
          "    log_metrics (torchtitan/metrics.py:211)",
          "    train (train.py:398)",
          "    wrapper (torch/distributed/elastic/multiprocessing/errors/__init__.py:355)",
          "    <module> (train.py:441)",
          "Thread %d (idle): \"Thread-1 (_pin_memory_loop)\"" % (pids[pods[1]] + 90),
          "    select (selectors.py:416)", "    wait (multiprocessing/connection.py:931)", "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:55)",
          "", "Process %d: /usr/bin/python3 -u /workspace/train.py --config llama70b_lora.toml" % (pids[pods[1]] + 2),
          "Thread %d (idle): \"MainThread\"" % (pids[pods[1]] + 2),
          "    wait (torch/distributed/distributed_c10d.py:3324)", "    all_gather_into_tensor (torch/distributed/distributed_c10d.py:3316)",
          "    _all_gather_flat_param (torch/distributed/fsdp/_flat_param.py:1404)", "    unshard (torch/distributed/fsdp/_flat_param.py:1311)",
          "    forward (torch/distributed/fsdp/fully_sharded_data_parallel.py:850)", "    train (train.py:371)"]
    c.add("%s/py-spy-dump.txt" % pods[1], ps)
    c.add("fr_trace.txt", ["Not all ranks joining collective: sequence number: %d" % seq, "internal record id: %d" % (seq - 1),
                           "group info: 0:default_pg", "collective: nccl:_allgather_base", "missing ranks: {%d}" % stuck,
                           "input sizes: [[33554432]]", "output sizes: [[1073741824]]", "world size: 32",
                           "expected ranks: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}",
                           "collective state: started",
                           "collective stack trace:",
                           " all_gather_into_tensor at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:3316",
                           "_all_gather_flat_param at /usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_flat_param.py:1404",
                           "", "rank 11 last entry: sequence number %d nccl:all_reduce state=completed" % (seq - 1)])
    return c


# ------------------------------------------------------------------ ar18 program-level hang
def ar18():
    rng = random.Random(4718)
    pods = ["sdxl-train-%d" % i for i in range(2)]
    nodes = ["gpu-l40s-%02d" % n for n in (3, 6)]
    ips = ["10.70.0.%d" % (3 + 3 * i) for i in range(2)]
    t0 = T(2025, 1, 14, 9, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "sdxl", "sdxl-train-0:29500", net="IB", entry="/app/train.py")
    tr, t1 = pylog_steps(t_ready, 1, 2000, 1.4, rng, every=25, line=322,
                         fmt="%(ts)s [train] step %(step)d/40000 loss=%(loss).4f lr=%(lr).2e it/s=0.71")
    logs[pods[0]] += tr
    logs[pods[0]].append("%s [train] step 2000: running evaluation on rank 0 (val_every=2000)" % ts_py(t1 + sec(0.5)))
    logs[pods[0]].append("%s [eval] FID-5k: 21.83  CLIP-score: 0.3121  (eval took 214.7s)" % ts_py(t1 + sec(215.2)))
    seq_bar = 20011
    for i, p in enumerate(pods):
        out = []
        for lr in range(8):
            r = i * 8 + lr
            if r == 0:
                out += watchdog_timeout(0, t1 + sec(1800.7), seq_bar, "ALLREDUCE", 1, 1800000)
            else:
                out += watchdog_timeout(r, t1 + sec(1800.2 + r * 0.01), seq_bar, "_REDUCE_SCATTER_BASE", 167772160, 1800000)
        out += torchrun_failure(t1 + sec(1803 + i), p, [(lr, i * 8 + lr, -6, pids[p] + lr, "Signal 6 (SIGABRT) received by PID %d" % (pids[p] + lr)) for lr in range(8)], script="train.py")
        logs[p] += out
    c = Case("ar18_job_stalls_after_step_2000_eval", {
        "category": "hang", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "The watchdog timeouts disagree on the collective: rank 0 is stuck in SeqNum=20011 OpType=ALLREDUCE NumelIn=1 (a barrier) while ranks 1-15 are stuck in SeqNum=20011 _REDUCE_SCATTER_BASE of the next training step. fr_trace.txt reports COLLECTIVE_TYPE_MISMATCH at sequence 20011, and py-spy-dump.txt shows rank 0 in dist.barrier() called from maybe_evaluate (train.py:355) which is only executed under 'if rank == 0'. The code makes ranks call different collectives: a program-level deadlock, stop and fix. The evaluation taking 214 s and the NCCL timeouts are not infrastructure problems.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/54059"})
    for i, p in enumerate(pods):
        c.add("%s/stdout.txt" % p, logs[p])
    c.add("%s/py-spy-dump.txt" % pods[0], [
        "Process %d: /usr/bin/python /app/train.py --config configs/sdxl_base.yaml" % pids[pods[0]], "Python v3.11.9 (/usr/bin/python3.11)", "",
        "Thread %d (idle): \"MainThread\"" % pids[pods[0]],
        "    barrier (torch/distributed/c10d_logger.py:83)", "    barrier (torch/distributed/distributed_c10d.py:4165)",
        "    maybe_evaluate (train.py:355)", "    train_loop (train.py:331)", "    main (train.py:402)", "    <module> (train.py:410)", "",
        "Process %d: /usr/bin/python /app/train.py --config configs/sdxl_base.yaml" % (pids[pods[0]] + 1),
        "Thread %d (idle): \"MainThread\"" % (pids[pods[0]] + 1),
        "    _reduce_scatter_base (torch/distributed/distributed_c10d.py:3945)", "    _reduce_grad (torch/distributed/fsdp/_runtime_utils.py:1043)",
        "    _post_backward_hook (torch/distributed/fsdp/_runtime_utils.py:764)", "    backward (torch/autograd/graph.py:768)", "    train_loop (train.py:318)"])
    c.add("%s/train_py_excerpt.txt" % pods[0], ["350     def maybe_evaluate(step):", "351         if step % cfg.val_every == 0 and dist.get_rank() == 0:",
                                                "352             metrics = evaluate(unet_ema, val_loader)", "353             log.info(\"[eval] FID-5k: %.2f ...\", metrics[\"fid\"])",
                                                "354             save_samples(step)", "355             dist.barrier()  # wait for the others before continuing"])
    c.add("fr_trace.txt", ["Collective sequence number: %d has errors" % seq_bar, "internal record id: %d" % (seq_bar - 1), "group info: 0:default_pg",
                           "collective: nccl:all_reduce", "culprit rank 0; Error type: COLLECTIVE_TYPE_MISMATCH, Expected collective type: 'nccl:_reduce_scatter_base' does not match found collective type: 'nccl:all_reduce'",
                           "input sizes: [[1]]", "expected input sizes: [[167772160]]", "world size: 16"])
    return c


# ------------------------------------------------------------------ ar19 straggler with evidence
def ar19():
    rng = random.Random(4719)
    pods = ["mistral-ft-worker-%d" % i for i in range(6)]
    nodes = ["hyperpod-i-0%x" % (0x7a6b5c4d3e2f10900 + i * 0x2222) for i in range(6)]
    ips = ["10.1.96.%d" % (11 + i * 3) for i in range(6)]
    t0 = T(2025, 2, 3, 16, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "mistral-ft", "mistral-ft-worker-0:29500", net="OFI", entry="/fsx/megatron/pretrain_gpt.py")
    tr1, ta = megatron_iters(t_ready, 1, 2400, 30000, 1.92, rng, loss0=2.2, gbs=384, every=10)
    tr2, tb = megatron_iters(ta, 2401, 1400, 30000, 2.64, rng, loss0=1.98, gbs=384, every=10)
    logs[pods[0]] += tr1
    # straggler detector reports, appended after every 500th iteration line
    import re
    merged = []
    k = 0
    for ln in tr1 + tr2:
        merged.append(ln)
        m = re.search(r"iteration +(\d+)/", ln)
        it = int(m.group(1))
        if it % 500 == 0:
            slow = it > 2400
            merged.append(" %s | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %.2fW/%d | MxPwr/Rnk: %.2fW/%d | MnTmp/Rnk: %.2fC/%d | MxTmp/Rnk: %.2fC/%d | MnUtl/Rnk: %.2f%%/%d | MxUtl/Rnk: %.2f%%/%d | MnClk/Rnk: %.2fMHz/%d | MxClk/Rnk: %.2fMHz/%d"
                          % (ln[2:21], 1811.4 + k, 12, (2598.3 if slow else 1922.7) + k, 30 if slow else 7,
                             (402.0 if slow else 611.2), 30 if slow else 19, 699.1, 3, 38.0, 8, (88.0 if slow else 66.0), 30 if slow else 41,
                             (96.0 if slow else 98.0), 30 if slow else 4, 100.0, 1, (1155.0 if slow else 1965.0), 30 if slow else 22, 1980.0, 2))
            k += 1
    logs[pods[0]] = logs[pods[0]][:len(logs[pods[0]]) - len(tr1)] + merged
    c = Case("ar19_hyperpod_job_step_time_up_40_percent", {
        "category": "straggler", "layer": "infrastructure", "culprit": {"node": pods[3], "rank": 30},
        "action": "restart_without_node",
        "rationale": "From iteration ~2400 the elapsed time per iteration rises from ~1.92 s to ~2.64 s with no error; Megatron's straggler report (MxRtt/Rnk) names rank 30 every time, with the lowest clock (1155 MHz), lowest power and highest temperature (88 C) on that same rank. Rank 30 = mistral-ft-worker-3 local GPU 6; that pod's nvidia-smi-q.txt shows GPU 00000000:BA:00.0 'HW Slowdown: Active / HW Thermal Slowdown: Active' at 88 C and the node's dcgm_metrics.txt shows DCGM_FI_DEV_CLOCK_THROTTLE_REASONS=72 (HW thermal) only for gpu=6. A thermally throttled GPU on one node: straggler with node-local evidence, replace the node. The 'SW Power Cap' flag seen briefly on other GPUs is normal under load.",
        "modelled_on": "https://github.com/mlfoundations/open_clip/issues/703"})
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
        ov = {k: {"sw_power": "Active" if (k + i) % 5 == 0 else "Not Active"} for k in range(8)}
        if i == 3:
            ov[6] = {"hw_slow": "Active", "hw_thermal": "Active", "temp": 88, "tlimit": -1, "sm_clock": 1155, "power": "402.18", "util": 96}
        c.add("%s/nvidia-smi-q.txt" % p, nvsmi_q(tb, 8, overrides=ov))
        dc = ["# HELP DCGM_FI_DEV_CLOCK_THROTTLE_REASONS Current clock throttle reasons.", "# TYPE DCGM_FI_DEV_CLOCK_THROTTLE_REASONS gauge"]
        for g in range(8):
            v = 72 if (i == 3 and g == 6) else (4 if (g + i) % 5 == 0 else 0)
            dc.append('DCGM_FI_DEV_CLOCK_THROTTLE_REASONS{gpu="%d",UUID="GPU-%08x",device="nvidia%d",modelName="NVIDIA H100 80GB HBM3",Hostname="%s",container="pytorch",namespace="ft",pod="%s"} %d' % (g, 0x5b00 + g, g, nodes[i], p, v))
        dc += ["# HELP DCGM_FI_DEV_GPU_TEMP GPU temperature (in C).", "# TYPE DCGM_FI_DEV_GPU_TEMP gauge"]
        for g in range(8):
            dc.append('DCGM_FI_DEV_GPU_TEMP{gpu="%d",Hostname="%s",pod="%s"} %d' % (g, nodes[i], p, 88 if (i == 3 and g == 6) else 55 + (g * 3) % 11))
        c.add("%s/dcgm_metrics.txt" % p, dc)
    return c


# ------------------------------------------------------------------ ar20 straggler, no evidence
def ar20():
    rng = random.Random(4720)
    pods = ["gemma-pt-%d" % i for i in range(6)]
    nodes = ["gke-a3-pool-c0ff-%s" % s for s in ("a1b2", "c3d4", "e5f6", "g7h8", "i9j0", "k1l2")]
    ips = ["10.32.%d.5" % i for i in range(6)]
    t0 = T(2025, 3, 11, 1, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "gemma-pt", "gemma-pt-0:29500", net="TCPX")
    tr, t1 = pylog_steps(t_ready, 1, 4000, 2.6, rng, every=20, slow=(1800, 1.31), line=0,
                         fmt="[NeMo I %(ts)s nemo_logging:381] reduced_train_loss: %(loss).4f | lr: %(lr).3e | global_step: %(step)d | train_step_timing in s: %(sps).3f")
    logs[pods[0]] += tr
    t = t_ready
    for k, st in enumerate(range(500, 4001, 500)):
        tt = t_ready + sec(st * 2.6 if st < 1800 else 1800 * 2.6 + (st - 1800) * 3.4)
        logs[pods[0]].append("[NeMo I %s straggler_det_callback:174] GPU relative performance:" % ts_py(tt))
        if st < 1800:
            logs[pods[0]].append(" Worst performing 3/48 ranks:\n  Rank=17 Node=gemma-pt-2 Score=0.98\n  Rank=3 Node=gemma-pt-0 Score=0.98\n  Rank=44 Node=gemma-pt-5 Score=0.97")
        else:
            logs[pods[0]].append(" Worst performing 3/48 ranks:\n  Rank=37 Node=gemma-pt-4 Score=0.61\n  Rank=17 Node=gemma-pt-2 Score=0.98\n  Rank=3 Node=gemma-pt-0 Score=0.98")
            logs[pods[0]].append("[NeMo W %s straggler_det_callback:190] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: {37}" % ts_py(tt + sec(0.01)))
        logs[pods[0]].append("[NeMo I %s straggler_det_callback:174] GPU individual performance: all ranks within 5%% of their own baseline except: {37: 0.62}" % ts_py(tt + sec(0.02)) if st >= 1800 else "[NeMo I %s straggler_det_callback:174] GPU individual performance: all ranks within 5%% of their own baseline" % ts_py(tt + sec(0.02)))
    c = Case("ar20_nemo_run_slower_since_step_1800", {
        "category": "straggler", "layer": "infrastructure", "culprit": {"node": pods[4], "rank": 37},
        "action": "run_diagnostics",
        "rationale": "train_step_timing rises from ~2.6 s to ~3.4 s at global_step 1800 with no errors; NeMo's straggler detection callback in gemma-pt-0/stdout.log flags rank 37 (gemma-pt-4, local GPU 5) with relative score 0.61 and individual score 0.62 from then on, while all other ranks stay >0.97. gemma-pt-4's own snapshots (nvidia-smi-q.txt, dmesg_T.txt, cpu_throttle.txt) show nothing: no clock-event reason active, no Xid, no thermal or CPU throttling, PCIe Gen5 x16. One identified slow rank without node-local evidence: run diagnostics on that node rather than evicting it blindly.",
        "modelled_on": "https://github.com/flagos-ai/FlagScale/pull/938"})
    boot = T(2025, 3, 9, 8, 0, 0)
    for i, p in enumerate(pods):
        c.add("%s/stdout.log" % p, logs[p])
        c.add("%s/nvidia-smi-q.txt" % p, nvsmi_q(t1, 8, driver="550.90.07", cuda="12.4"))
        c.add("%s/dmesg_T.txt" % p, dmesg_boot(rng, nodes[i], "T", boot, [], kernel="6.1.100+"))
        c.add("%s/cpu_throttle.txt" % p, ["$ grep -H . /sys/devices/system/cpu/cpu*/thermal_throttle/package_throttle_count | sort -u -t: -k2 | head -3",
                                          "/sys/devices/system/cpu/cpu0/thermal_throttle/package_throttle_count:0",
                                          "$ cat /sys/fs/cgroup/cpu.stat", "usage_usec 912837731221", "nr_periods 0", "nr_throttled 0", "throttled_usec 0"])
    return c


CASES = [ar11, ar12, ar13, ar14, ar15, ar16, ar17, ar18, ar19, ar20]
