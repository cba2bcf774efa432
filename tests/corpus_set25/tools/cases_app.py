"""Cases j19, j20, j23-j30: numerical, user code, dependency and clean runs."""
from common import (Bundle, label, culprit, rng_for, T, plus, iso_z, iso_ms, dmesg_T, short_iso, glog, glog_short, kube_ts,
                    nccl_init, BUSIDS, watchdog_timeout, nccl_async_error, elastic_sigterm, child_failed, nvidia_smi_table,
                    benign_dmesg, step_lines, js, interleave)

PY = "/usr/local/lib/python3.10/dist-packages"


def j19():
    name = "j19_loss_became_nan"
    rng = rng_for(name)
    nodes = ["gpu%03d" % i for i in (118, 121, 122, 127)]
    b = Bundle(name, label("numerical", "script", None, "stop",
                           "Loss climbs after the warmup reaches lr=6e-3 (the user's override), grad norm goes to inf and loss is NaN from step "
                           "12410; the NaN check then raises on every rank of every node at the same step. Application divergence, not hardware.",
                           "https://github.com/facebookresearch/maskrcnn-benchmark/issues/295"),
               "NaN/inf divergence from a too-high lr, seen on all ranks",
               "torchrun --tee console per node ([defaultN]: prefixes), torchtitan-style metrics lines")
    t0 = T(2024, 6, 30, 4, 0, 0)
    for ni, n in enumerate(nodes):
        lines = ["[default0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 4, global batch size 128, sequence length 8192, lr=6e-3 (override)" % iso_ms(t0)]
        if ni == 0:
            t = plus(t0, 60)
            loss = 3.0
            for s in range(12000, 12420, 10):
                gn = 0.4 if s < 12300 else (3.0 * 1.8 ** ((s - 12300) / 10) if s < 12400 else float("inf"))
                loss = loss - 0.001 if s < 12300 else loss * 1.08
                shown = "nan" if s >= 12410 else "%.4f" % loss
                lines.append("[default0]:[titan] %s - root - INFO - step: %5d  loss: %7s  grad_norm: %s  memory: 61.22GiB(77.41%%)  tps: %d  mfu: 43.1%%"
                             % (iso_ms(plus(t, (s - 12000) * 2.2)), s, shown, "inf" if gn == float("inf") else "%.4f" % gn, 3800 + rng.randint(-40, 40)))
        for lr in (0, 7):
            lines += ["[default%d]:[rank%d]: Traceback (most recent call last):" % (lr, ni * 8 + lr),
                      '[default%d]:[rank%d]:   File "/workspace/torchtitan/train.py", line 371, in train_step' % (lr, ni * 8 + lr),
                      "[default%d]:[rank%d]:     raise FloatingPointError(f'Loss is {loss.item()} at step {step}')" % (lr, ni * 8 + lr),
                      "[default%d]:[rank%d]: FloatingPointError: Loss is nan at step 12410" % (lr, ni * 8 + lr)]
        lines += child_failed("train.py", plus(t0, 60 + 410 * 2.2 + 3), (ni * 8, 0, n, 1, 7001, None), ((ni * 8 + 7, 7, n, 1, 7008, None),))
        b.add("%s/torchrun-tee.log" % n, lines)
    return b


def j20():
    name = "j20_deepspeed_run_stopped_by_itself"
    rng = rng_for(name)
    hosts = ["node-%s" % c for c in ("alpha", "bravo", "delta")]
    b = Bundle(name, label("numerical", "script", None, "stop",
                           "With fp16 enabled the loss scaler keeps overflowing ('Grad overflow ... reducing loss scale' every step) until "
                           "DeepSpeed raises 'Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.' on all ranks; "
                           "an fp16 overflow in the application, fix precision (bf16) or lr.",
                           "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/534"),
               "fp16 loss-scale collapse on all ranks, DeepSpeed/pdsh prefixes",
               "DeepSpeed launcher via pdsh (host: prefixes) console on launch host, hostfile")
    t0 = T(2024, 1, 19, 16, 0, 0)
    out = ["[2024-01-19 16:00:01,002] [INFO] [runner.py:463:main] Using IP address of 10.5.0.11 for node node-alpha",
           "[2024-01-19 16:00:01,004] [INFO] [multinode_runner.py:72:get_cmd] Running on the following workers: node-alpha,node-bravo,node-delta"]
    for hi, h in enumerate(hosts):
        out += ["%s: [2024-01-19 16:00:%02d,331] [INFO] [config.py:972:print]   fp16_enabled ................. True" % (h, 9 + hi),
                "%s: [2024-01-19 16:00:%02d,332] [INFO] [config.py:972:print]   loss_scale ................... 0" % (h, 9 + hi)]
    scale = 65536.0
    for s in range(0, 17):
        t = plus(t0, 60 + s * 132)
        if s >= 3:
            out.append("node-alpha: [%s,%03d] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %g, reducing to %g"
                       % (t.strftime("%Y-%m-%d %H:%M:%S"), s * 7, scale, max(scale / 2, 1)))
            scale = max(scale / 2, 1)
        else:
            out.append("node-alpha: {'loss': %.4f, 'learning_rate': 0.0002, 'epoch': 0.0%d}" % (1.67 - s * 0.01, s))
    tails = []
    for hi, h in enumerate(hosts):
        tails.append(["%s: [rank%d]: Traceback (most recent call last):" % (h, hi * 8 + 2),
                      '%s: [rank%d]:   File "%s/deepspeed/runtime/fp16/loss_scaler.py", line 175, in update_scale' % (h, hi * 8 + 2, PY),
                      "%s: [rank%d]:     raise Exception(" % (h, hi * 8 + 2),
                      "%s: [rank%d]: Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run." % (h, hi * 8 + 2)])
    out += interleave(tails, rng)
    out += ["%s: [2024-01-19 16:37:%02d,500] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python3', '-u', 'sft.py', '--local_rank=2'] exits with return code = 1" % (h, 50 + i) for i, h in enumerate(hosts)]
    out += ["pdsh@node-alpha: node-bravo: ssh exited with exit code 1", "pdsh@node-alpha: node-delta: ssh exited with exit code 1"]
    b.add("node-alpha/ds_launch.log", out)
    b.add("node-alpha/hostfile", ["node-alpha slots=8", "node-bravo slots=8", "node-delta slots=8"])
    for h in hosts[1:]:
        b.add("%s/dmesg.txt" % h, benign_dmesg(T(2024, 1, 19, 9, 0), h, rng, 3))
    return b


def j23():
    name = "j23_same_traceback_every_restart"
    rng = rng_for(name)
    nodes = ["dgx%02d" % i for i in (14, 15, 19)]
    b = Bundle(name, label("user_code", "script", None, "stop",
                           "Both attempts die at the first step of the new vision tower with 'mat1 and mat2 shapes cannot be multiplied "
                           "(8192x1152 and 1024x4096)' on every rank of every node, in code under /workspace/mm/projector.py; a deterministic "
                           "shape bug in the user's code, not a node issue.",
                           "https://github.com/pytorch/pytorch/issues/123070"),
               "deterministic user bug repeating across attempts on all nodes",
               "Slurm requeue: attempt_0/attempt_1 with per-node %x-%j-%N.out files (srun --output pattern)")
    for a in range(2):
        jid = 990210 + a
        t0 = T(2024, 11, 21 + a, 9, 30, 0)
        for ni, n in enumerate(nodes):
            lines = nccl_init(n, 2400, 0, ni * 8, 24, BUSIDS[0], plugin_notice=(ni == 0), ip="10.14.0.%d" % (14 + ni))
            for lr in (0, 4, 7):
                r = ni * 8 + lr
                lines += ["[rank%d]: Traceback (most recent call last):" % r,
                          '[rank%d]:   File "/workspace/mm/train_vlm.py", line 233, in <module>' % r,
                          "[rank%d]:     loss = model(images=batch['pixel_values'], input_ids=batch['input_ids']).loss" % r,
                          '[rank%d]:   File "/workspace/mm/projector.py", line 41, in forward' % r,
                          "[rank%d]:     return self.fc2(self.act(self.fc1(x)))" % r,
                          '[rank%d]:   File "%s/torch/nn/modules/linear.py", line 117, in forward' % (r, PY),
                          "[rank%d]:     return F.linear(input, self.weight, self.bias)" % r,
                          "[rank%d]: RuntimeError: mat1 and mat2 shapes cannot be multiplied (8192x1152 and 1024x4096)" % r]
            lines += ["srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n, ni * 8, ni * 8 + 7)]
            b.add("attempt_%d/%s/vlm-sft-%d-%s.out" % (a, n, jid, n), lines)
    return b


def j24():
    name = "j24_hang_after_validation_epoch"
    rng = rng_for(name)
    nodes = ["ml-node-%d" % i for i in (21, 22, 23, 24, 25, 26, 27, 28)]
    b = Bundle(name, label("user_code", "script", None, "stop",
                           "With TORCH_DISTRIBUTED_DEBUG=DETAIL the job stops right after validation with 'Detected mismatch between collectives "
                           "on ranks': rank 0 runs a BROADCAST from log_dict while rank 13 runs an ALLREDUCE because it logged a different set of "
                           "metric keys. Collectives called in different order by the user's code.",
                           "https://github.com/Lightning-AI/pytorch-lightning/issues/19106"),
               "collective mismatch from user logging code; timeouts elsewhere are sympathetic",
               "Lightning on Slurm: per-node %x-%j-%N.out files, one srun step")
    jid = 3318801
    tf = T(2024, 3, 27, 22, 10, 3)
    for ni, n in enumerate(nodes):
        lines = ["Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (ni * 2, ni * 2 + 1),
                 "TORCH_DISTRIBUTED_DEBUG=DETAIL"]
        if ni == 0:
            lines += step_lines("Epoch 3: 100%|##########| 1250/1250 [{t:%H:%M:%S}, train_loss={loss:.3f}, v_num=41]", 0, 6, T(2024, 3, 27, 20, 0), 1200, rng)
            lines += ["Validation DataLoader 0: 100%|##########| 79/79 [00:31<00:00,  2.51it/s]"]
        for lr in (0, 1):
            r = ni * 2 + lr
            if r in (0, 13):
                lines += ["[rank%d]: Traceback (most recent call last):" % r,
                          '[rank%d]:   File "/opt/app/lit_module.py", line 164, in on_validation_epoch_end' % r,
                          "[rank%d]:     self.log_dict(metrics, sync_dist=True)" % r,
                          "[rank%d]: RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=19312, "
                          "OpType=BROADCAST, TensorShape=[1], TensorDtypes=Long, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), "
                          "requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))), but Rank %d is running collective: "
                          "CollectiveFingerPrint(SequenceNumber=19312, OpType=ALLREDUCE, TensorShape=[], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), "
                          "device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))).Collectives differ in the "
                          "following aspects: \t Op type: BROADCASTvs ALLREDUCE  Tensor Tensor shapes: [1]vs []  Tensor Tensor dtypes: Longvs Float" % (r, 0 if r == 13 else r, 13 if r == 0 else r)]
            else:
                lines += watchdog_timeout(r, plus(tf, 1800), 19312, "BROADCAST", numel=1, timeout_ms=1800000)[:2]
        b.add("%s/vit-l-%d-%s.out" % (n, jid, n), lines)
    return b


def j25():
    name = "j25_job_failed_within_a_minute_gke"
    rng = rng_for(name)
    nodes = ["gke-llm-a3mega-pool-3c1f9a2e-%s" % s for s in ("9k2d", "bq7x", "h4lm")]
    b = Bundle(name, label("user_code", "script", None, "stop",
                           "Seconds after start, every worker raises KeyError: 'rope_scaling' while parsing the user's model config "
                           "(configs/llama3_70b.yaml) in the user's build_model(); the same deterministic config error on all nodes.",
                           "https://github.com/huggingface/peft/issues/2111"),
               "deterministic config error; JSON log export with jsonPayload only",
               "GKE: gcloud logging JSON lines with jsonPayload (structured logging) and k8s_container resource, per GKE node")
    t0 = T(2025, 5, 6, 12, 0, 3)
    for ni, n in enumerate(nodes):
        recs = []
        for k, (sev, msg) in enumerate([
                ("INFO", "Starting torchrun with nnodes=3 nproc_per_node=8 rdzv_endpoint=llm-ft-0.llm-ft:29500"),
                ("WARNING", "NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v8 symbol."),
                ("INFO", "Loading config configs/llama3_70b.yaml"),
                ("ERROR", "Traceback (most recent call last):\n  File \"/app/ft/main.py\", line 52, in <module>\n    model = build_model(cfg)\n"
                          "  File \"/app/ft/modeling.py\", line 118, in build_model\n    scaling = cfg['model']['rope_scaling']['factor']\nKeyError: 'rope_scaling'"),
                ("ERROR", "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: main.py FAILED (exitcode 1, local_rank 0)")]):
            recs.append(js({"insertId": "%s-%d" % (n[-4:], k), "jsonPayload": {"message": msg, "rank": ni * 8, "pod": "llm-ft-%d" % ni},
                            "logName": "projects/acme-ml/logs/stderr", "resource": {"type": "k8s_container", "labels": {
                                "cluster_name": "llm-a3mega", "namespace_name": "ft", "pod_name": "llm-ft-%d" % ni, "container_name": "trainer",
                                "location": "us-east5"}}, "severity": sev, "timestamp": iso_z(plus(t0, k * 4 + ni * 0.3))}))
        b.add("%s/logs-export.jsonl" % n, recs)
    return b


def j26():
    name = "j26_import_error_on_all_nodes"
    rng = rng_for(name)
    hosts = ["c%02d-gpu" % i for i in (5, 6, 7, 8, 9)]
    b = Bundle(name, label("dependency", "framework", None, "stop",
                           "Every rank on all five hosts fails at 'import torch' with 'libtorch_cuda.so: undefined symbol: ncclCommRegister': the "
                           "new image ships NCCL 2.18 on LD_LIBRARY_PATH ahead of the NCCL the torch wheel needs. The job's environment is "
                           "broken everywhere; fix the image.",
                           "https://github.com/pytorch/pytorch/issues/119932"),
               "library mismatch in the image, identical on every node",
               "mpirun --tag-output ([1,N]<stderr>: prefixes) in head node file, ldd/pip output from one node")
    out = ["[1,%d]<stderr>:Traceback (most recent call last):\n[1,%d]<stderr>:  File \"/opt/train/run.py\", line 3, in <module>\n[1,%d]<stderr>:    import torch\n"
           "[1,%d]<stderr>:  File \"/opt/conda/lib/python3.11/site-packages/torch/__init__.py\", line 237, in <module>\n[1,%d]<stderr>:    from torch._C import *  # noqa: F403\n"
           "[1,%d]<stderr>:ImportError: /opt/conda/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister" % ((r,) * 6)
           for r in range(0, 40, 3)]
    out += ["--------------------------------------------------------------------------",
            "Primary job  terminated normally, but 1 process returned", "a non-zero exit code. Per user-direction, the job has been aborted.",
            "--------------------------------------------------------------------------",
            "mpirun detected that one or more processes exited with non-zero status, thus causing", "the job to be terminated. The first process to do so was:", "",
            "  Process name: [[48811,1],0]", "  Exit code:    1", "--------------------------------------------------------------------------"]
    b.add("c05-gpu/mpirun.log", out)
    b.add("c05-gpu/env-check.txt", ["$ echo $LD_LIBRARY_PATH", "/opt/nccl-2.18.3/lib:/usr/local/cuda/lib64",
                                    "$ ldd /opt/conda/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so | grep nccl",
                                    "\tlibnccl.so.2 => /opt/nccl-2.18.3/lib/libnccl.so.2 (0x00007f2a10000000)",
                                    "$ pip list | grep -i -e torch -e nccl", "nvidia-nccl-cu12          2.20.5", "torch                     2.3.0"])
    for h in hosts[1:]:
        b.add("%s/prolog.log" % h, ["[%s] prolog: image=registry/acme/train:2024.04.30 pulled, digest sha256:9c1e...7a" % h,
                                    "[%s] prolog: GPU check OK (8/8), IB check OK (4/4 Active)" % h])
    return b


def j27():
    name = "j27_workers_exit_at_launch_deepspeed"
    rng = rng_for(name)
    hosts = ["worker-%d" % i for i in range(4)]
    b = Bundle(name, label("dependency", "script", None, "stop",
                           "All ranks on all four workers fail immediately with ModuleNotFoundError: No module named 'acme_data', the user's own "
                           "package that is only installed in their home venv, not in the job image; same on every node.",
                           "https://github.com/VichyTong/CodeJudge/issues/2"),
               "user's own module missing from the job environment on every node",
               "DeepSpeed launcher via pdsh with 'worker-N: ' prefixes, hostfile; pod-style hostnames")
    out = ["[2025-01-08 10:20:02,118] [INFO] [runner.py:607:main] cmd = pdsh -S -f 1024 -w worker-0,worker-1,worker-2,worker-3 ..."]
    tails = []
    for h in hosts:
        tails.append(["%s: Traceback (most recent call last):" % h,
                      '%s:   File "/workspace/pretrain.py", line 14, in <module>' % h,
                      "%s:     from acme_data.mixture import WeightedMixture" % h,
                      "%s: ModuleNotFoundError: No module named 'acme_data'" % h,
                      "%s: [2025-01-08 10:20:09,551] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', '/workspace/pretrain.py', '--local_rank=0'] exits with return code = 1" % h])
    out += interleave(tails, rng)
    out += ["pdsh@worker-0: worker-%d: ssh exited with exit code 1" % i for i in (1, 2, 3)]
    b.add("worker-0/deepspeed.log", out)
    b.add("worker-0/hostfile", ["worker-%d slots=8" % i for i in range(4)])
    b.add("worker-2/pip-freeze-head.txt", ["deepspeed==0.15.4", "torch==2.5.1", "transformers==4.47.1", "# (no acme_data)"])
    return b


def j28():
    name = "j28_scary_warnings_did_it_finish"
    rng = rng_for(name)
    nodes = ["gpu-n%02d" % i for i in (40, 41, 44)]
    b = Bundle(name, label("unknown", "framework", None, "none",
                           "Despite Xid 63 row-remapper notices and an old Xid 31 in dmesg, NET/Plugin notices and a destroy_process_group "
                           "warning at exit, training reached max_steps, saved the final checkpoint and sacct shows COMPLETED 0:0.",
                           "https://github.com/aws/aws-ofi-nccl/issues/67"),
               "clean run with scary warnings (benign Xid 63/31, plugin notices, shutdown warning)",
               "Slurm: srun -l single .out, sacct, dmesg -T per node")
    jid = 640055
    t0 = T(2024, 10, 12, 0, 0, 4)
    out = []
    for ni, n in enumerate(nodes):
        out += ["%2d: %s" % (ni * 8, x) for x in nccl_init(n, 1200, 0, ni * 8, 24, BUSIDS[0], plugin_notice=True, ip="10.2.4.%d" % (40 + ni))]
    out += [" 0: " + x for x in step_lines("step {step}/5000 | loss {loss:.4f} | lr {lr:.2e} | {tps:.0f} tok/s", 250, 20, plus(t0, 60), 900, rng, every=250)]
    out += [" 0: Saving final checkpoint to /scratch/run42/ckpt/step-5000 ... done (41.3 s)", " 0: Training complete. max_steps=5000 reached."]
    out += ["%2d: [rank%d]:[W1012 05:01:%02d.118811 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct "
            "ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished "
            "in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint "
            "has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (r, r, 10 + r) for r in (0, 9, 17)]
    b.add("gpu-n40/slurm-%d.out" % jid, out)
    b.add("gpu-n40/sacct.txt", ["JobID           JobName      State ExitCode    Elapsed        NodeList",
                                "------------ ---------- ---------- -------- ---------- ---------------",
                                "%d            sft-7b  COMPLETED      0:0   05:01:44 gpu-n[40-41,44]" % jid,
                                "%d.batch        batch  COMPLETED      0:0   05:01:44 gpu-n40" % jid,
                                "%d.0           python  COMPLETED      0:0   05:01:40 gpu-n[40-41,44]" % jid])
    for ni, n in enumerate(nodes):
        d = benign_dmesg(T(2024, 10, 11, 20, 0), n, rng, 4)
        if n == "gpu-n41":
            d += ["%s NVRM: Xid (PCI:0000:2a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x000000000011a2f0) marked for remapping, reset gpu to activate." % dmesg_T(T(2024, 10, 12, 2, 13, 40))]
        if n == "gpu-n44":
            d += ["%s NVRM: Xid (PCI:0000:db:00): 31, pid=3390112, name=python3, Ch 00000018, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_2 faulted @ 0x7f99_12000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE" % dmesg_T(T(2024, 10, 10, 13, 5, 2))]
        b.add("%s/dmesg-T.txt" % n, d)
    return b


def j29():
    name = "j29_restarted_once_overnight"
    rng = rng_for(name)
    nodes = ["node-7f3a", "node-7f3b", "node-7f42", "node-7f51"]
    b = Bundle(name, label("unknown", "framework", None, "none",
                           "attempt_0 ended in a rendezvous/NCCL timeout storm, the scheduler restarted the job automatically from the last "
                           "checkpoint, and attempt_1 ran to completion ('Training finished', exit 0) on the same nodes. A run that finished after "
                           "an automatic restart needs no action.",
                           "https://pytorch.org/docs/stable/elastic/run.html"),
               "automatic restart that then finished cleanly; attempt_0 looks alarming",
               "torchrun elastic: attempt_0/attempt_1 with per-node torchrun console logs and job status")
    for a in range(2):
        t0 = T(2024, 12, 1 + a, 22 if a == 0 else 3, 0, 0)
        for ni, n in enumerate(nodes):
            lines = nccl_init(n, 810 + a, 0, ni * 8, 32, BUSIDS[0], plugin_notice=(ni == 0), ip="10.16.7.%d" % (10 + ni))
            if ni == 0:
                lines += step_lines("[{t:%H:%M:%S}] step {step} loss {loss:.4f}", 2000 if a == 0 else 6000, 20, plus(t0, 30), 400, rng, every=200)
            if a == 0:
                lines += watchdog_timeout(ni * 8, plus(t0, 3000), 61822, "ALLREDUCE", timeout_ms=600000)[:4]
                lines += elastic_sigterm(plus(t0, 3002), [811 + k for k in range(1, 8)])
                lines += ["torch.distributed.elastic.multiprocessing.api.SignalException: Process 804 got signal: 15"]
            else:
                lines += ["Resumed from checkpoint /ckpt/run-77/step-6000" if ni == 0 else "Resumed from checkpoint (rank %d)" % (ni * 8)]
                if ni == 0:
                    lines += ["[%s] step 10000 loss 1.7711" % plus(t0, 9000).strftime("%H:%M:%S"), "Training finished: 10000/10000 steps. Final checkpoint saved."]
                lines += ["I%s 804 torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish."
                          % plus(t0, 9030).strftime("%m%d %H:%M:%S.000000"),
                          "I%s 804 torch/distributed/elastic/agent/server/api.py:932] Done waiting for other agents. Elapsed: 0.41 seconds" % plus(t0, 9031).strftime("%m%d %H:%M:%S.000000")]
            b.add("attempt_%d/%s/torchrun.log" % (a, n), lines)
        b.add("attempt_%d/%s/job-status.txt" % (a, nodes[0]), ["job run-77 attempt %d: %s" % (a, "FAILED (exit 1) -> auto-requeue" if a == 0 else "SUCCEEDED (exit 0)")])
    return b


def j30():
    name = "j30_ray_job_done_but_errors_in_log"
    rng = rng_for(name)
    nodes = ["ray-head-0", "ray-gpu-worker-1", "ray-gpu-worker-2"]
    ips = {"ray-head-0": "10.12.0.5", "ray-gpu-worker-1": "10.12.0.21", "ray-gpu-worker-2": "10.12.0.22"}
    b = Bundle(name, label("unknown", "framework", None, "none",
                           "Ray Train reports the trial TERMINATED after 3/3 epochs with the checkpoint reported; the ERROR-looking lines are "
                           "shutdown noise (ProcessGroupNCCL destroyed without destroy_process_group, actor exit at teardown) and a corrected "
                           "ECC count, none of which affected the result.",
                           "https://github.com/OpenRLHF/OpenRLHF/issues/621"),
               "clean Ray Train run with shutdown errors and corrected ECC red herring",
               "Ray: driver log with (RayTrainWorker pid=, ip=) prefixes, per-node raylet.out excerpt, nvidia-smi -q ECC")
    t0 = T(2025, 3, 19, 15, 0, 0)
    out = ["2025-03-19 15:00:01,502\tINFO worker.py:1777 -- Connected to Ray cluster. View the dashboard at 10.12.0.5:8265"]
    for n in nodes[1:]:
        for lr in (0, 3):
            out += ["(RayTrainWorker pid=%d, ip=%s) %s" % (4100 + lr, ips[n], x) for x in nccl_init(n, 4100 + lr, lr, (nodes.index(n) - 1) * 4 + lr, 8, BUSIDS[lr], net="Socket", plugin_notice=True, ifname="eth0", ip=ips[n])[-2:]]
    out += ["(RayTrainWorker pid=4100, ip=10.12.0.21) " + x for x in step_lines("epoch {step} | train_loss {loss:.4f} | val_acc 0.8{step}1", 1, 3, plus(t0, 60), 1500, rng)]
    out += ["Training finished iteration 3 at 2025-03-19 16:16:40. Total running time: 1hr 16min 39s",
            "(RayTrainWorker pid=4103, ip=10.12.0.22) Checkpoint successfully created at: Checkpoint(filesystem=local, path=/mnt/cluster_storage/ckpt/TorchTrainer_7a1c2/checkpoint_000002)",
            "(RayTrainWorker pid=4100, ip=10.12.0.21) [rank0]:[W319 16:16:41.223911 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process.",
            "(RayTrainWorker pid=4103, ip=10.12.0.22) [rank7]:[E319 16:16:41.301227 ProcessGroupNCCL.cpp:1168] [PG 0 Rank 7] Future for ProcessGroup abort timed out after 0 ms",
            "(raylet, ip=10.12.0.22) [2025-03-19 16:16:42,010 E 3311 3311] (raylet) worker_pool.cc:553: Some workers of the worker process(4103) have not registered within the timeout. The process is still alive, probably it's hanging during start.",
            "",
            "Trial TorchTrainer_7a1c2_00000 completed after 3 iterations at 2025-03-19 16:16:42. Total running time: 1hr 16min 41s",
            "Result(metrics={'train_loss': 0.4121, 'val_acc': 0.831, 'epoch': 3}, path='/mnt/cluster_storage/ckpt/TorchTrainer_7a1c2', checkpoint=Checkpoint(...), error=None)",
            "TorchTrainer_7a1c2 status: TERMINATED"]
    b.add("ray-head-0/driver.log", out)
    for n in nodes[1:]:
        b.add("%s/raylet.out" % n, ["[2025-03-19 15:00:00,881 I 3311 3311] (raylet) main.cc:180: Setting cluster ID to: 3f1e2d...",
                                    "[2025-03-19 16:16:43,004 I 3311 3311] (raylet) node_manager.cc:1109: Driver (pid=2201) is disconnected. worker_id=01000000ffffffff job_id=01000000"])
    b.add("ray-gpu-worker-2/nvidia-smi-q-ecc.txt", ["GPU 00000000:5D:00.0", "    ECC Errors", "        Volatile",
                                                     "            DRAM Correctable              : 14", "            DRAM Uncorrectable            : 0",
                                                     "    Remapped Rows", "        Correctable Error                 : 1", "        Uncorrectable Error               : 0",
                                                     "        Pending                           : No", "        Remapping Failure Occurred        : No"])
    return b


CASES = [j19, j20, j23, j24, j25, j26, j27, j28, j29, j30]
