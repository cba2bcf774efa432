"""Cases cb11-cb20."""
from common import (T, add, rng, ctime, dmesg_T, dmesg_up, syslog, journal, glog, c10d,
                    pyts, child_failed, elastic_sigterm, elastic_failed, torchrun_banner,
                    nccl_init, watchdog_timeout, nvidia_smi, join, sacct, oom_kill_block,
                    boot_noise)

PY = "/usr/local/lib/python3.10/dist-packages"


def oom_msg(gpu, tried, free, inuse, alloc, reserved, total="79.11 GiB", other=None):
    s = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %s. GPU %d has a total capacity of %s "
         "of which %s is free. " % (tried, gpu, total, free))
    if other:
        s += "Process %d has %s memory in use. " % other
    s += ("Including non-PyTorch memory, this process has %s memory in use. Of the allocated memory %s is "
          "allocated by PyTorch, and %s is reserved by PyTorch but unallocated. If reserved but unallocated memory "
          "is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See "
          "documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
          % (inuse, alloc, reserved))
    return s


# ===================================================================== cb11
def cb11():
    name = "cb11_cuda_oom_first_iteration_many_ranks"
    hosts = ["hpc-gn%04d" % i for i in range(101, 109)]
    job = 1402277
    t = T("2025-02-19 15:07:44")
    files = {}
    mc = "/workspace/Megatron-LM/megatron"
    slurm = ["+ srun --ntasks-per-node=8 --gpus-per-node=8 --cpu-bind=none python pretrain_gpt.py ${GPT_ARGS} ${DATA_ARGS} ${OUTPUT_ARGS}",
             "using world size: 64, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 2",
             "> building GPT model ...",
             " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 4513105920",
             " > number of parameters on (tensor, pipeline) model parallel rank (0, 1): 4380631040",
             "Theoretical memory footprints: weight and optimizer=77469.43 MB, activation=41871.12 MB, total=119340.55 MB",
             "[after model, optimizer, and learning rate scheduler are built] datetime: 2025-02-19 15:07:21",
             "[after dataloaders are built] datetime: 2025-02-19 15:07:39",
             "training ...",
             "[before the start of training step] datetime: 2025-02-19 15:07:39"]
    for i, h in enumerate(hosts):
        L = nccl_init(h, 118200 + 40 * i, 0, 8 * i, 64, "ib0", "10.44.0.%d" % (101 + i), commid="0x5e1bc0a9d8f7e231")
        if i < 4:
            for lr in (0, 2, 5, 7):
                rk = 8 * i + lr
                p = "[rank%d]: " % rk
                L += [p + "Traceback (most recent call last):",
                      p + '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 274, in <module>',
                      p + "    pretrain(",
                      p + '  File "%s/core/pipeline_parallel/schedules.py", line 1512, in forward_backward_pipelining_without_interleaving' % mc,
                      p + "    output_tensor, num_tokens = forward_step(",
                      p + '  File "%s/core/transformer/transformer_layer.py", line 412, in forward' % mc,
                      p + "    mlp_output_with_bias = self.mlp(pre_mlp_layernorm_output)",
                      p + '  File "%s/core/transformer/mlp.py", line 148, in forward' % mc,
                      p + "    intermediate_parallel = self.activation_func(intermediate_parallel)",
                      p + oom_msg(lr, "2.00 GiB", "%d.%02d GiB" % (1, 10 + lr), "77.%02d GiB" % (80 + lr),
                                  "73.%02d GiB" % (12 + lr), "2.%02d GiB" % (41 + lr))]
                slurm.append("[rank%d]: %s" % (rk, oom_msg(lr, "2.00 GiB", "%d.%02d GiB" % (1, 10 + lr), "77.%02d GiB" % (80 + lr),
                                                          "73.%02d GiB" % (12 + lr), "2.%02d GiB" % (41 + lr))))
        else:
            L += watchdog_timeout(8 * i, add(t, 600), 311, "_REDUCE_SCATTER_BASE", 33554432, ns=10 * i)
        files["%s/stdout.log" % h] = join(L)
        if i in (0, 5):
            gpus = [(52, 430, 79100 + g, 100) for g in range(8)] if i == 0 else [(49, 402, 61880 + g, 0) for g in range(8)]
            procs = [(g, 1182000 + 40 * i + g, "/usr/bin/python", gpus[g][2] - 520) for g in range(8)]
            files["%s/nvidia-smi.txt" % h] = join(nvidia_smi(add(t, -2), "h100", gpus, procs))
    slurm += ["srun: error: hpc-gn0101: tasks 0-7: Exited with exit code 1",
              "srun: error: hpc-gn0102: tasks 8-15: Exited with exit code 1",
              "srun: error: hpc-gn0103: tasks 16-23: Exited with exit code 1",
              "srun: error: hpc-gn0104: tasks 24-31: Exited with exit code 1",
              "srun: Terminating StepId=%d.0" % job,
              "slurmstepd: error: *** STEP %d.0 ON hpc-gn0101 CANCELLED AT 2025-02-19T15:17:46 ***" % job]
    files["slurm-%d.out" % job] = join(slurm)
    files["launch_diff.txt"] = join([
        "$ git diff HEAD~1 -- scripts/run_gpt_34b.sh",
        "@@ -18,9 +18,9 @@ GPT_ARGS=\"",
        "     --tensor-model-parallel-size 8 \\",
        "     --pipeline-model-parallel-size 2 \\",
        "-    --micro-batch-size 1 \\",
        "-    --seq-length 4096 \\",
        "-    --max-position-embeddings 4096 \\",
        "+    --micro-batch-size 4 \\",
        "+    --seq-length 8192 \\",
        "+    --max-position-embeddings 8192 \\",
        "     --global-batch-size 1024 \\",
        "     --recompute-granularity selective \\"])
    label = {"category": "oom", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "All 32 ranks of pipeline stage 0 (four nodes, every GPU) OOM in the first forward pass right "
                          "after the launch script quadrupled micro-batch size and doubled sequence length; Megatron's "
                          "own estimate is 119 GB per GPU and nvidia-smi shows only the job's processes. Stage-1 ranks "
                          "only timed out waiting. A sizing error, not a GPU fault.",
             "modelled_on": "https://github.com/NVIDIA-NeMo/Automodel/pull/2673"}
    return name, files, label


# ===================================================================== cb12
def cb12():
    name = "cb12_checkpoint_dir_read_only_file_system"
    nodes = ["aks-ndh100-31288141-vmss000004", "aks-ndh100-31288141-vmss000007"]
    pods = ["llama-sft-master-0", "llama-sft-worker-0"]
    files = {}
    t = T("2025-08-12 10:44:19")
    files["job.yaml"] = join([
        "apiVersion: kubeflow.org/v1",
        "kind: PyTorchJob",
        "metadata: {name: llama-sft, namespace: nlp-research}",
        "spec:",
        "  pytorchReplicaSpecs:",
        "    Master:",
        "      replicas: 1",
        "      template:",
        "        spec:",
        "          containers:",
        "          - name: pytorch",
        "            image: acmeml.azurecr.io/sft/trainer:4.44-fsdp",
        "            args: [\"--model_name_or_path\", \"/shared/models/Meta-Llama-3-8B\", \"--output_dir\", \"/checkpoints/llama3-8b-sft\",",
        "                   \"--save_steps\", \"500\", \"--fsdp\", \"full_shard auto_wrap\", \"--bf16\"]",
        "            volumeMounts:",
        "            - {name: shared, mountPath: /shared, readOnly: true}",
        "            - {name: shared, mountPath: /checkpoints, subPath: ckpt, readOnly: true}",
        "            - {name: dshm, mountPath: /dev/shm}",
        "          volumes:",
        "          - {name: shared, persistentVolumeClaim: {claimName: nlp-azurefile-premium}}",
        "          - {name: dshm, emptyDir: {medium: Memory, sizeLimit: 256Gi}}",
        "    Worker:",
        "      replicas: 1",
        "      template: {}   # identical to Master"])
    files["kubectl-describe-pod.txt"] = join([
        "Name:             llama-sft-master-0",
        "Namespace:        nlp-research",
        "Node:             %s/10.224.0.37" % nodes[0],
        "Status:           Failed",
        "    State:          Terminated",
        "      Reason:       Error",
        "      Exit Code:    1",
        "    Mounts:",
        "      /checkpoints from shared (ro,path=\"ckpt\")",
        "      /dev/shm from dshm (rw)",
        "      /shared from shared (ro)",
        "Events:",
        "  Normal  Started  68m  kubelet  Started container pytorch"])
    site = "/usr/local/lib/python3.10/dist-packages"
    for i, (n, p) in enumerate(zip(nodes, pods)):
        L = ["[INFO|trainer.py:2128] 2025-08-12 09:36:40,003 >> ***** Running training *****",
             "[INFO|trainer.py:2129] 2025-08-12 09:36:40,003 >>   Num examples = 212,004"] if i == 0 else []
        L += nccl_init(p, 62 + i, 0, 8 * i, 16, "eth0", "10.244.%d.12" % (3 + i), commid="0x2be0d1a97f33c410")
        if i == 0:
            for s in range(100, 501, 100):
                L.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (1.31 - s * 0.0004, 0.71, 1.9e-5, s / 3312.0))
            L.append(" 15%|█▌        | 500/3312 [1:07:39<6:11:02,  7.92s/it]")
            L.append("[INFO|trainer.py:3503] 2025-08-12 10:44:18,902 >> Saving model checkpoint to /checkpoints/llama3-8b-sft/checkpoint-500")
        for lr in ((0, 3) if i == 0 else (0,)):
            rk = 8 * i + lr
            q = "[rank%d]: " % rk
            L += [q + "Traceback (most recent call last):",
                  q + '  File "/app/train_sft.py", line 151, in <module>',
                  q + "    trainer.train(resume_from_checkpoint=training_args.resume_from_checkpoint)",
                  q + '  File "%s/transformers/trainer.py", line 2472, in _inner_training_loop' % site,
                  q + "    self._maybe_log_save_evaluate(tr_loss, grad_norm, model, trial, epoch, ignore_keys_for_eval)",
                  q + '  File "%s/transformers/trainer.py", line 2921, in _maybe_log_save_evaluate' % site,
                  q + "    self._save_checkpoint(model, trial, metrics=metrics)",
                  q + '  File "%s/transformers/trainer.py", line 3001, in _save_checkpoint' % site,
                  q + "    self.save_model(output_dir, _internal_call=True)",
                  q + '  File "%s/transformers/trainer.py", line 3593, in save_model' % site,
                  q + "    save_fsdp_model(self.accelerator.state.fsdp_plugin, self.accelerator, self.model, output_dir)",
                  q + '  File "%s/accelerate/utils/fsdp_utils.py", line 103, in save_fsdp_model' % site,
                  q + "    os.makedirs(ckpt_dir, exist_ok=True)",
                  q + '  File "/usr/lib/python3.10/os.py", line 225, in makedirs',
                  q + "    mkdir(name, mode)",
                  q + "OSError: [Errno 30] Read-only file system: '/checkpoints/llama3-8b-sft/checkpoint-500'"]
        files["%s/pod-%s.log" % (n, p)] = join(L)
        files["%s/dmesg.txt" % n] = join([
            dmesg_T(add(t, -86400 * 6), "Linux version 5.15.0-1068-azure (buildd@lcy02-amd64-034) #77-Ubuntu SMP"),
            dmesg_T(add(t, -86400 * 6 + 4), "hv_vmbus: Vmbus version:5.3"),
            dmesg_T(add(t, -86400 * 6 + 11), "EXT4-fs (sda1): re-mounted. Opts: discard,errors=remount-ro. Quota mode: none."),
            dmesg_T(add(t, -86400 * 6 + 15), "hv_balloon: Using Dynamic Memory protocol version 2.0"),
            dmesg_T(add(t, -4200), "CIFS: Attempting to mount //nlpshare.file.core.windows.net/pvc-1f0e3c2a-7b7a-4cde-9a1f-2c1d88e0b3f1"),
        ])
    label = {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "The first checkpoint save fails on every pod with EROFS because the PyTorchJob mounts the ckpt "
                          "subPath of the shared volume with readOnly: true (describe shows /checkpoints ro). The Azure "
                          "Files share itself is healthy and writable; the ext4 'remount-ro' line is only the root disk's "
                          "boot option. The job spec must be corrected.",
             "modelled_on": "https://github.com/verl-project/verl/issues/3354"}
    return name, files, label


# ===================================================================== cb13
def cb13():
    name = "cb13_hub_proxy_503_at_dataset_load"
    hosts = ["cmp-h100-%02d" % i for i in (21, 22, 23, 24)]
    job = 2031554
    files = {}
    site = "/opt/venv/lib/python3.11/site-packages"
    url = "/api/datasets/HuggingFaceFW/fineweb-edu/revision/main"
    for i, h in enumerate(hosts):
        L = torchrun_banner(T("2025-07-08 14:21:02"), 44100 + i)
        for lr in (0, 4):
            rk = 8 * i + lr
            q = "[rank%d]: " % rk
            L += [q + "Traceback (most recent call last):",
                  q + '  File "%s/urllib3/connectionpool.py", line 773, in urlopen' % site,
                  q + "    self._prepare_proxy(conn)",
                  q + '  File "%s/urllib3/connection.py", line 709, in connect' % site,
                  q + "    self._tunnel()",
                  q + '  File "/usr/lib/python3.11/http/client.py", line 926, in _tunnel',
                  q + '    raise OSError(f"Tunnel connection failed: {code} {message.strip()}")',
                  q + "OSError: Tunnel connection failed: 503 Service Unavailable",
                  q + "",
                  q + "The above exception was the direct cause of the following exception:",
                  q + "",
                  q + "urllib3.exceptions.ProxyError: ('Unable to connect to proxy', OSError('Tunnel connection failed: 503 Service Unavailable'))",
                  q + "",
                  q + "During handling of the above exception, another exception occurred:",
                  q + "",
                  q + "Traceback (most recent call last):",
                  q + '  File "/home/svc-pt/olmo-mini/train.py", line 88, in build_dataset',
                  q + '    ds = load_dataset("HuggingFaceFW/fineweb-edu", name="sample-100BT", split="train", streaming=True)',
                  q + '  File "%s/datasets/load.py", line 1781, in dataset_module_factory' % site,
                  q + "    raise e1 from None",
                  q + '  File "%s/datasets/load.py", line 1747, in dataset_module_factory' % site,
                  q + "    raise ConnectionError(f\"Couldn't reach '{path}' on the Hub ({e.__class__.__name__})\") from e",
                  q + "ConnectionError: Couldn't reach 'HuggingFaceFW/fineweb-edu' on the Hub (ProxyError)"]
        L.append(elastic_failed(T("2025-07-08 14:22:31"), 44100 + i, 1, 0, 44121 + i))
        L += child_failed("train.py", {"time": T("2025-07-08 14:22:30"), "host": h, "rank": 8 * i,
                                       "local_rank": 0, "exitcode": 1, "pid": 44121 + i})
        files["%s/torchrun.log" % h] = join(L)
        files["%s/env-proxy.txt" % h] = join(["HTTPS_PROXY=http://egress-proxy.corp:3128",
                                              "NO_PROXY=localhost,127.0.0.1,.cluster.local,10.0.0.0/8",
                                              "$ curl -sS -o /dev/null -w '%{http_code}\\n' -x http://egress-proxy.corp:3128 https://huggingface.co/api/whoami-v2",
                                              "curl: (56) CONNECT tunnel failed, response 503"])
    files["proxy-status.txt"] = join([
        "# status.corp / egress, fetched 2025-07-08 14:30 UTC",
        "egress-proxy.corp (squid pool)        DEGRADED",
        "  squid-egr-01   DOWN   since 14:02  (CHG-44117 kernel patching, rolling)",
        "  squid-egr-02   DOWN   since 14:06  (health check failing: upstream NAT gateway timeout)",
        "  squid-egr-03   UP     503 to CONNECT while backlog > 2000",
        "  incident INC-20931 opened 14:09, ETA 15:30"])
    files["sacct.txt"] = join(sacct([("2029870", "olmo-mini", "h100", "pretrain", "128", "COMPLETED", "0:0"),
                                     (str(job), "olmo-mini", "h100", "pretrain", "512", "FAILED", "1:0"),
                                     ("%d.0" % job, "torchrun", "", "pretrain", "512", "FAILED", "1:0")]))
    files["slurm-%d.out" % job] = join(["srun: error: %s: task %d: Exited with exit code 1" % (h, i) for i, h in enumerate(hosts)])
    label = {"category": "network", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "Every rank on all four nodes fails at startup because the corporate egress proxy answers "
                          "CONNECT with 503 (squid pool degraded, open incident); the same job ran earlier that day. The "
                          "Hub is unreachable cluster-wide, a shared-service outage that clears by itself, so rerun once "
                          "the proxy recovers (or pre-cache the dataset).",
             "modelled_on": "https://github.com/TrustedLLM/LLMDet/issues/1"}
    return name, files, label


# ===================================================================== cb14
def cb14():
    name = "cb14_unexpected_keys_orig_mod_after_preemption"
    job = 3310527
    files = {}
    site = "/opt/conda/lib/python3.11/site-packages"
    a1 = ["gpu-p-17", "gpu-p-18"]
    a2 = ["gpu-p-03", "gpu-p-04"]
    for i, h in enumerate(a1):
        L = ["[%s][INFO] accelerate.utils.launch: launching %d processes on %s" % (h, 8, h)]
        L += nccl_init(h, 7712 + i, 0, 8 * i, 16, "ib0", "10.8.1.%d" % (17 + i), commid="0xe1a0c3b95d2f4467")
        if i == 0:
            for s in range(2000, 40001, 4000):
                L.append("step %6d | loss %.4f | lr 1.00e-04 | %.2f it/s | saved=%s" % (s, 0.1512 - s * 1e-6, 1.91, "ckpt/%07d.pt" % s if s % 8000 == 0 else "-"))
            L.append("step  40000 | saving checkpoint to /work/dit-xl/ckpt/0040000.pt")
        L.append("slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT 2025-03-03T04:10:00 DUE TO PREEMPTION ***" % (job, h))
        files["attempt_1/%s/stdout.log" % h] = join(L)
    files["attempt_1/slurm-%d.out" % job] = join([
        "slurmstepd: error: *** JOB %d ON gpu-p-17 CANCELLED AT 2025-03-03T04:10:00 DUE TO PREEMPTION ***" % job,
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "srun: error: gpu-p-17: task 0: Terminated",
        "srun: error: gpu-p-18: task 1: Terminated"])
    keys = ["x_embedder.proj.weight", "x_embedder.proj.bias", "t_embedder.mlp.0.weight", "t_embedder.mlp.0.bias",
            "y_embedder.embedding_table.weight", "blocks.0.norm1.weight"]
    for i, h in enumerate(a2):
        L = ["[%s][INFO] accelerate.utils.launch: launching %d processes on %s" % (h, 8, h)]
        L += nccl_init(h, 5120 + i, 0, 8 * i, 16, "ib0", "10.8.1.%d" % (3 + i), commid="0x0b9f2d1c7e6a3344")
        L.append("Resuming from /work/dit-xl/ckpt/0040000.pt (found by --resume auto)")
        for lr in (0, 6):
            rk = 8 * i + lr
            q = "[rank%d]: " % rk
            L += [q + "Traceback (most recent call last):",
                  q + '  File "/work/dit-xl/train.py", line 203, in <module>',
                  q + "    main(args)",
                  q + '  File "/work/dit-xl/train.py", line 142, in main',
                  q + '    model.load_state_dict(ckpt["model"])',
                  q + '  File "%s/torch/nn/modules/module.py", line 2584, in load_state_dict' % site,
                  q + "    raise RuntimeError(",
                  q + "RuntimeError: Error(s) in loading state_dict for DiT:",
                  q + "\tMissing key(s) in state_dict: %s, ... " % ", ".join('"%s"' % k for k in keys),
                  q + "\tUnexpected key(s) in state_dict: %s, ... " % ", ".join('"_orig_mod.%s"' % k for k in keys)]
        L.append("%s: [accelerate] process 0 exited with code 1" % h)
        files["attempt_2/%s/stdout.log" % h] = join(L)
    files["attempt_2/slurm-%d.out" % job] = join([
        "srun: error: gpu-p-03: task 0: Exited with exit code 1",
        "srun: error: gpu-p-04: task 1: Exited with exit code 1"])
    files["sacct.txt"] = join(sacct([(str(job), "dit-xl", "preempt", "gen", "256", "FAILED", "1:0"),
                                     ("%d.0" % job, "accelerate", "", "gen", "256", "FAILED", "1:0")]) +
                              ["# Restarts=1 (requeued after PREEMPTED at 2025-03-03T04:10:00)"])
    files["train_py_excerpt.txt"] = join([
        "# /work/dit-xl/train.py",
        "118      model = DiT_models[args.model](input_size=latent_size, num_classes=args.num_classes)",
        "121      if args.compile:",
        "122          model = torch.compile(model)",
        "...",
        "138  def load(model, path):",
        "140      ckpt = torch.load(path, map_location='cpu')",
        "142      model.load_state_dict(ckpt[\"model\"])       # called before torch.compile",
        "...",
        "188              torch.save({'model': accelerator.unwrap_model(model).state_dict(), ...}, ckpt_path)"])
    label = {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "Preemption of attempt 1 is routine; the requeued attempt fails on fresh nodes because the "
                          "checkpoints were saved from the torch.compile wrapper ('_orig_mod.' keys) and are loaded into "
                          "the uncompiled model. Every rank fails the same way on any node; the script must strip the "
                          "prefix or save the unwrapped module.",
             "modelled_on": "https://github.com/karpathy/nanoGPT/issues/325"}
    return name, files, label


# ===================================================================== cb15
def cb15():
    name = "cb15_s3_slowdown_dataloader_errors"
    hosts = ["p5-st-%04d" % i for i in range(1, 17)]
    failing = {2: 21, 3: 27, 5: 44, 6: 50, 8: 66, 9: 75, 11: 91, 13: 104, 14: 117}
    job = 77120
    files = {}
    site = "/usr/lib/python3/dist-packages"
    t = T("2025-05-03 02:31:10")
    for i, h in enumerate(hosts):
        L = ["[batch=%d/400000]:" % 18211,
             "\t Train time/batch: 18210",
             "\t Train loss/train/total: %.4f" % (2.2411 + i * 1e-4),
             "\t Train throughput/samples_per_sec: 1211.4"] if i == 0 else []
        if i in failing:
            rk = failing[i]
            q = "[rank%d]: " % rk
            L += [q + "Traceback (most recent call last):",
                  q + '  File "%s/streaming/base/storage/download.py", line 79, in download_from_s3' % site,
                  q + "    _download_file(unsigned=False)",
                  q + '  File "%s/streaming/base/storage/download.py", line 68, in _download_file' % site,
                  q + "    s3.download_file(obj.netloc, obj.path.lstrip('/'), filename, ExtraArgs=extra_args, Config=config)",
                  q + '  File "%s/boto3/s3/transfer.py", line 406, in download_file' % site,
                  q + "    future.result()",
                  q + '  File "%s/botocore/client.py", line 1023, in _make_api_call' % site,
                  q + "    raise error_class(parsed_response, operation_name)",
                  q + "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate.",
                  q + "",
                  q + "The above exception was the direct cause of the following exception:",
                  q + "",
                  q + "Traceback (most recent call last):",
                  q + '  File "%s/composer/trainer/trainer.py", line 2907, in _train_loop' % site,
                  q + "    for batch_idx, self.state.batch in enumerate(self._iter_dataloader(TrainerMode.TRAIN)):",
                  q + '  File "%s/streaming/base/dataset.py", line 1501, in __iter__' % site,
                  q + "    yield from map(self.__getitem__, self._each_sample_id(it))",
                  q + '  File "%s/streaming/base/dataset.py", line 1476, in _each_sample_id' % site,
                  q + "    raise RuntimeError('Background thread failed. Check other traceback.')",
                  q + "RuntimeError: Background thread failed. Check other traceback."]
        else:
            L += watchdog_timeout(8 * i + 1, add(t, 600 + i), 1092210, "ALLREDUCE", 4096, ns=i * 77)
        files["%s/rank_log.txt" % h] = join(L)
    files["s3-bucket-metrics.txt"] = join([
        "# CloudWatch S3 request metrics, bucket acme-pretrain-mds, filter prefix 'dclm-mds/' (1-minute, Sum)",
        "time(UTC)   GetRequests  5xxErrors  ListRequests  top_requester(arn, req/min)",
        "01:50       191,220           0          12   role/pretrain-p5-node (188,400)",
        "02:00       193,004           0          14   role/pretrain-p5-node (190,110)",
        "02:10     2,611,880      41,202       9,811   role/emr-dedup-reindex (2,402,300)",
        "02:20     2,704,115      98,771      10,204   role/emr-dedup-reindex (2,499,018)",
        "02:30     2,688,002     121,553      10,077   role/emr-dedup-reindex (2,480,751)",
        "02:40       205,331          12          15   role/pretrain-p5-node (197,201)",
        "# note: EMR step 'dedup-reindex-v3' (owner data-eng) ran 02:08-02:36 against the same prefix"])
    files["sbatch-%d.out" % job] = join([
        "srun: error: p5-st-0003: task 2: Exited with exit code 1",
        "srun: Terminating StepId=%d.0" % job] +
        ["srun: error: %s: task %d: Exited with exit code 1" % (hosts[i], i) for i in sorted(failing) if i != 2] +
        ["slurmstepd: error: *** STEP %d.0 ON p5-st-0001 CANCELLED AT 2025-05-03T02:41:31 ***" % job])
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "Ranks on nine different nodes fail in the streaming download thread with S3 SlowDown after max "
                          "retries, and the bucket metrics show a 13x request surge from another team's EMR job on the "
                          "same prefix between 02:08 and 02:36, while this job's own rate was flat. Shared object store "
                          "throttling that has already cleared; the remaining nodes only hit the watchdog. Resume.",
             "modelled_on": "https://github.com/huggingface/datatrove/issues/302"}
    return name, files, label


# ===================================================================== cb16
def cb16():
    name = "cb16_sigkill_all_ranks_during_checkpoint_load"
    hosts = ["gpu-e07", "gpu-e08"]
    files = {}
    t0 = T("2024-08-21 12:00:31")
    tk = T("2024-08-21 12:03:52")
    agents = [9901, 9977]
    uid = 3022
    for i, h in enumerate(hosts):
        pids = [agents[i] + 14 + k for k in range(8)]
        L = torchrun_banner(t0, agents[i])
        L += nccl_init(h, pids[0], 0, 8 * i, 16, "ibp75s0", "10.2.30.%d" % (7 + i), commid="0xa81f3c7720e4b9d6")
        for lr in range(8):
            L.append("[rank%d]: --> Loading full checkpoint /ckpt/sft-70b/step_12000/model.pt (139.8 GB) to cpu" % (8 * i + lr))
        L.append("[rank%d]: /opt/llama-recipes/src/llama_recipes/finetuning.py:171: FutureWarning: You are using `torch.load` with `weights_only=False`" % (8 * i))
        killed = [2, 5, 6] if i == 0 else [1, 4]
        L.append(glog("W", add(tk, 1), 101000, agents[i], "torch/distributed/elastic/multiprocessing/api.py:897",
                      "Sending process %d closing signal SIGTERM" % pids[0]))
        L.append(glog("E", add(tk, 2), 211000, agents[i], "torch/distributed/elastic/multiprocessing/api.py:869",
                      "failed (exitcode: -9) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (killed[0], pids[killed[0]])))
        L += child_failed("finetuning.py",
                          {"time": tk, "host": h, "rank": 8 * i + killed[0], "local_rank": killed[0], "exitcode": -9,
                           "pid": pids[killed[0]], "signal": "SIGKILL"},
                          [{"time": add(tk, 1), "host": h, "rank": 8 * i + k, "local_rank": k, "exitcode": -9,
                            "pid": pids[k], "signal": "SIGKILL"} for k in killed[1:]])
        files["%s/torchrun.log" % h] = join(L)
        D = boot_noise(5.4, h)
        up0 = 402211.0
        for j, k in enumerate(killed):
            tasks = [(1, 0, 41002, 2710, 122880, 0, "systemd"), (1611, 0, 33012, 2211, 90112, -1000, "slurmd"),
                     (agents[i], uid, 1844221, 101233, 1552384, 0, "torchrun")]
            for kk in range(8):
                if kk in killed[:j]:
                    continue
                tasks.append((pids[kk], uid, 41221004, 33118221 - kk * 1311 - j * 2000000, 130121728, 0, "python3"))
            v = {"pid": pids[k], "name": "python3", "total_vm_kb": 164884016, "anon_rss_kb": 132472884 - j * 8000000,
                 "file_rss_kb": 212004, "shmem_rss_kb": 0, "uid": uid, "pgtables_kb": 127072}
            D += oom_kill_block(up0 + 2 * j, "python3", pids[(k + 1) % 8], 12 + j, "5.15.0-105-generic #115-Ubuntu",
                                tasks, v, task_memcg="/system.slice/slurmstepd.scope/job_55021/step_0/user/task_%d" % i,
                                free_kb=812004)
        files["%s/dmesg.txt" % h] = join(D)
        files["%s/free-before.txt" % h] = join([
            "$ free -g   # job prolog, 2024-08-21 12:00:25",
            "               total        used        free      shared  buff/cache   available",
            "Mem:            1007          22         971           0          13         981",
            "Swap:             0           0           0"])
    files["launch.sbatch"] = join([
        "#!/bin/bash",
        "#SBATCH --nodes=2 --ntasks-per-node=1 --gpus-per-node=8 --exclusive --mem=0",
        "srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint gpu-e07:29500 \\",
        "  recipes/finetuning.py --enable_fsdp --low_cpu_fsdp False --model_name /models/Llama-2-70b-hf \\",
        "  --resume_from /ckpt/sft-70b/step_12000/model.pt --dist_checkpoint_root_folder /ckpt/sft-70b"])
    label = {"category": "oom", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "On both nodes the kernel OOM killer SIGKILLs several of the job's own ranks right after every "
                          "rank starts torch.load of a 140 GB consolidated checkpoint to CPU (8 x 140 GB on 1 TB hosts, "
                          "low_cpu_fsdp disabled). The hosts were empty before the job; the loading strategy must change "
                          "(rank-0 load + broadcast, sharded checkpoint or mmap).",
             "modelled_on": "https://github.com/openvla/openvla/issues/208"}
    return name, files, label


# ===================================================================== cb17
def cb17():
    name = "cb17_gcs_upload_forbidden_at_step_3000"
    nodes = ["gke-llm-a3-pool-1c2e4d-5x7k", "gke-llm-a3-pool-1c2e4d-9qv2", "gke-llm-a3-pool-1c2e4d-h3nd",
             "gke-llm-a3-pool-1c2e4d-tz81"]
    files = {}
    site = "/usr/local/lib/python3.11/site-packages"
    bucket = "acme-llm-ckpts"
    for i, n in enumerate(nodes):
        pod = "pretrain-1b-%d" % i
        L = []
        if i == 0:
            for s, tm in ((1000, "10:31:02"), (2000, "11:30:44")):
                L.append("Epoch 0, global step %d: saving checkpoint to gs://%s/runs/pt-1b-v3/checkpoints/step=%d.ckpt" % (s, bucket, s))
                L.append("[2025-06-05 %s] gcsfs upload complete: gs://%s/runs/pt-1b-v3/checkpoints/step=%d.ckpt (13.2 GB)" % (tm, bucket, s))
            L.append("Epoch 0, global step 3000: saving checkpoint to gs://%s/runs/pt-1b-v3/checkpoints/step=3000.ckpt" % bucket)
            q = "[rank0]: "
            L += [q + "Traceback (most recent call last):",
                  q + '  File "%s/lightning/fabric/utilities/cloud_io.py", line 89, in _atomic_save' % site,
                  q + "    f.write(bytesbuffer.getvalue())",
                  q + '  File "%s/fsspec/spec.py", line 2072, in close' % site,
                  q + "    self.flush(force=True)",
                  q + '  File "%s/gcsfs/core.py", line 1838, in _initiate_upload' % site,
                  q + "    headers, _ = await fs._call(",
                  q + '  File "%s/gcsfs/retry.py", line 108, in validate_response' % site,
                  q + '    raise OSError(f"Forbidden: {path}\\n{msg}")',
                  q + "OSError: Forbidden: https://storage.googleapis.com/upload/storage/v1/b/%s/o" % bucket,
                  q + "train-sa@acme-ml.iam.gserviceaccount.com does not have storage.objects.create access to the Google Cloud Storage object. Permission 'storage.objects.create' denied on resource (or it may not exist)."]
        else:
            L += watchdog_timeout(8 * i + 2, T("2025-06-05 13:00:12"), 88012, "BROADCAST", 1, timeout_ms=1800000)
        files["%s/%s.log" % (n, pod)] = join(L)
    files["gcp-audit-log.txt"] = join([
        "# gcloud logging read 'protoPayload.methodName=\"storage.setIamPermissions\" AND resource.labels.bucket_name=\"%s\"'" % bucket,
        "timestamp: '2025-06-05T11:58:40.221Z'",
        "protoPayload:",
        "  authenticationInfo: {principalEmail: tf-platform@acme-infra.iam.gserviceaccount.com}",
        "  methodName: storage.setIamPermissions",
        "  serviceData:",
        "    policyDelta:",
        "      bindingDeltas:",
        "      - action: REMOVE",
        "        member: serviceAccount:train-sa@acme-ml.iam.gserviceaccount.com",
        "        role: roles/storage.objectAdmin",
        "      - action: ADD",
        "        member: serviceAccount:train-sa@acme-ml.iam.gserviceaccount.com",
        "        role: roles/storage.objectViewer",
        "  resourceName: projects/_/buckets/%s" % bucket])
    files["kubectl-get-pods.txt"] = join([
        "NAME            READY   STATUS   RESTARTS   AGE     NODE",
        "pretrain-1b-0   0/1     Error    0          3h12m   %s" % nodes[0],
        "pretrain-1b-1   0/1     Error    0          3h12m   %s" % nodes[1],
        "pretrain-1b-2   0/1     Error    0          3h12m   %s" % nodes[2],
        "pretrain-1b-3   0/1     Error    0          3h12m   %s" % nodes[3]])
    label = {"category": "storage", "layer": "infrastructure", "culprit": None, "action": "stop",
             "rationale": "Checkpoints at steps 1000 and 2000 uploaded fine; at 3000 GCS returns 403 for "
                          "storage.objects.create because a platform Terraform change at 11:58 downgraded the training "
                          "service account to objectViewer on the bucket. The other pods only time out in the broadcast. "
                          "A permission change does not heal on restart; IAM must be fixed first.",
             "modelled_on": "https://github.com/kubeflow/kubeflow/issues/5063"}
    return name, files, label


# ===================================================================== cb18
def cb18():
    name = "cb18_dataloader_worker_bus_error_rank42"
    hosts = ["gh-c%02d" % i for i in range(5, 13)]
    bad = "gh-c10"
    job = 640213
    files = {}
    t = T("2025-09-14 21:17:06")
    site = "/usr/local/lib/python3.12/dist-packages"
    for i, h in enumerate(hosts):
        L = nccl_init(h, 201100 + i * 9, 0, 8 * i, 64, "ibp0", "10.70.0.%d" % (5 + i), commid="0x77d0a1e4b3c2f918")
        if i == 0:
            L.append("Epoch 2:  61%|██████    | 1822/2980 [1:03:31<40:22,  2.09s/it, v_num=3, loss=0.412]")
        if h == bad:
            L.append("ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).")
            from cases_a import dl_killed_tb
            L += [l.replace("/usr/local/lib/python3.10/dist-packages", site).replace("/usr/lib/python3.10/", "/usr/lib/python3.12/") for l in
                  dl_killed_tb("[rank42]: ", 91234, signal="Bus error", frames=[
                      '  File "%s/lightning/pytorch/loops/fit_loop.py", line 250, in advance' % site,
                      "    batch, _, __ = next(data_fetcher)"])]
        else:
            L += watchdog_timeout(8 * i + 2, add(t, 900), 402113, "ALLREDUCE", 52428800, timeout_ms=900000, ns=i)
        files["%s/stdout.log" % h] = join(L)
        D = boot_noise(4.7, h, kernel="6.5.0-1027-nvidia", boot=T("2025-08-29 10:02:00"))
        if h == bad:
            D += [dmesg_T(T("2025-09-12 04:11:52"), "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f2a1b offset:0x3c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f  SystemAddress:0x3f2a1b3c0 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x1fa50d9c0 ChannelId:0x1 RankAddress:0xfd286c0 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x7e94 Column:0x3b0 Bank:0x1 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)"),
                  dmesg_T(T("2025-09-13 17:40:03"), "EDAC MC1: 3 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f2a1c offset:0x140 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)"),
                  dmesg_T(T("2025-09-14 21:17:05"), "mce: [Hardware Error]: Machine check events logged"),
                  dmesg_T(T("2025-09-14 21:17:05"), "mce: Uncorrected hardware memory error in user-access at 3f2a1c140"),
                  dmesg_T(T("2025-09-14 21:17:05"), "EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f2a1c offset:0x140 grain:32 -  err_code:0x0000:0x009f  SystemAddress:0x3f2a1c140 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x1fa50e0a0 ChannelId:0x1 RankAddress:0xfd28700 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x7e94 Column:0x3c8 Bank:0x1 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)"),
                  dmesg_T(T("2025-09-14 21:17:05"), "Memory failure: 0x3f2a1c: Sending SIGBUS to pt_data_worker:91234 due to hardware memory corruption"),
                  dmesg_T(T("2025-09-14 21:17:05"), "Memory failure: 0x3f2a1c: recovery action for dirty LRU page: Recovered")]
        files["%s/dmesg.txt" % h] = join(D)
        files["%s/df-shm.txt" % h] = join(["$ df -h /dev/shm",
                                           "Filesystem      Size  Used Avail Use% Mounted on",
                                           "tmpfs           960G   %2dG  %3dG   %d%% /dev/shm" % (28 + i % 3, 931 - i % 3, 3)])
    files["%s/ras-mc-ctl.txt" % bad] = join([
        "$ ras-mc-ctl --error-count",
        "Label                 CE      UE",
        "CPU_SrcID#0_Ha#0_Chan#0_DIMM#0  0  0",
        "CPU_SrcID#1_MC#0_Chan#1_DIMM#0  4  1",
        "$ ras-mc-ctl --summary",
        "Memory controller events summary:",
        "\tCorrected on DIMM Label(s): 'CPU_SrcID#1_MC#0_Chan#1_DIMM#0' location: 1:0:1:0:-1, grain: 32: 4 error(s)",
        "\tUncorrected on DIMM Label(s): 'CPU_SrcID#1_MC#0_Chan#1_DIMM#0' location: 1:0:1:0:-1, grain: 32: 1 error(s)"])
    files["slurm-%d.out" % job] = join([
        "srun: error: gh-c10: task 5: Exited with exit code 1",
        "srun: Terminating StepId=%d.0" % job,
        "slurmstepd: error: *** STEP %d.0 ON gh-c05 CANCELLED AT 2025-09-14T21:32:08 ***" % job] +
        ["srun: error: %s: task %d: Aborted" % (h, i) for i, h in enumerate(hosts) if h != bad])
    label = {"category": "host", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
             "action": "restart_without_node",
             "rationale": "The shm hint in the Bus error message is misleading: /dev/shm on gh-c10 is 3% used, and the "
                          "kernel logged an uncorrected DIMM error and 'Sending SIGBUS to pt_data_worker:91234 due to "
                          "hardware memory corruption' at the same second, after two days of corrected errors on the same "
                          "DIMM. Host memory fault on one node; the other nodes only hit the watchdog.",
             "modelled_on": "https://github.com/pytorch/pytorch/issues/108861"}
    return name, files, label


# ===================================================================== cb19
def cb19():
    name = "cb19_slurm_oom_kill_events_several_nodes"
    hosts = ["cn-%04d" % i for i in (411, 412, 413, 414)]
    job = 882311
    files = {}
    uid = 51207
    limit = 209715200
    victims = {"cn-0411": [], "cn-0412": [13, 10], "cn-0413": [17], "cn-0414": [29, 25, 31]}
    t = T("2025-01-30 06:44:12")
    slurm = ["#SBATCH --nodes=4 --ntasks-per-node=8 --gpus-per-task=1 --cpus-per-task=12 --mem=200G",
             "[2025-01-30 05:02:11,003] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)",
             "[INFO|trainer.py:2128] 2025-01-30 05:03:58,114 >> ***** Running training *****",
             "[INFO|trainer.py:2134] 2025-01-30 05:03:58,114 >>   Instantaneous batch size per device = 8",
             "[INFO|trainer.py:2141] 2025-01-30 05:03:58,114 >>   Total optimization steps = 9,750",
             " 11%|█         | 1071/9750 [1:40:11<13:31:52,  5.61s/it]"]
    for h in hosts:
        for v in victims[h]:
            slurm.append("slurmstepd: error: Detected 1 oom_kill event in StepId=%d.0. Some of the step tasks have been OOM Killed." % job)
            slurm.append("srun: error: %s: task %d: Out Of Memory" % (h, v))
    slurm += ["srun: Terminating StepId=%d.0" % job,
              "slurmstepd: error: *** STEP %d.0 ON cn-0411 CANCELLED AT 2025-01-30T06:44:19 ***" % job,
              "srun: error: cn-0411: tasks 0-7: Terminated"]
    files["slurm-%d.out" % job] = join(slurm)
    for hi, h in enumerate(hosts):
        D = boot_noise(5.0, h, kernel="4.18.0-513.24.1.el8_9.x86_64")
        up = 702211.3
        for j, v in enumerate(victims[h]):
            tasks = []
            for k in range(8):
                rk = 8 * hi + k
                tasks.append((120400 + rk * 7, uid, 24110033, 5941211 + (k * 3311) % 40000, 53121024, 0, "python"))
            for k in range(16):
                tasks.append((121100 + hi * 100 + k, uid, 9102331, 611200 + k * 100, 10481664, 0, "pt_data_worker"))
            vv = {"pid": 120400 + v * 7, "name": "python", "total_vm_kb": 96440132, "anon_rss_kb": 23812004,
                  "file_rss_kb": 91233, "shmem_rss_kb": 2120, "uid": uid, "pgtables_kb": 51876}
            D += oom_kill_block(up + 19.2 * j, "python", 120400 + v * 7, 30 + j, "4.18.0-513.24.1.el8_9.x86_64 #1",
                                tasks, vv, memcg="/slurm/uid_%d/job_%d" % (uid, job), constraint="CONSTRAINT_MEMCG",
                                task_memcg="/slurm/uid_%d/job_%d/step_0/task_%d" % (uid, job, v),
                                limit_kb=limit, usage_kb=limit - 1022)
        files["%s/dmesg.txt" % h] = join(D)
        if hi == 1:
            files["%s/free.txt" % h] = join([
                "$ free -g   # 2025-01-30 06:45 (after kill)",
                "               total        used        free      shared  buff/cache   available",
                "Mem:            2015          41        1902           2          71        1961"])
    files["sacct.txt"] = join(sacct([(str(job), "sft-13b", "gpu", "nlp", "384", "OUT_OF_ME+", "0:125"),
                                     ("%d.0" % job, "python", "", "nlp", "384", "OUT_OF_ME+", "0:125")]) +
                              ["", "$ sacct -j %d -o JobID,ReqMem,MaxRSS,MaxRSSNode" % job,
                               "JobID            ReqMem     MaxRSS MaxRSSNode",
                               "------------ ---------- ---------- ----------",
                               "%d             200G" % job,
                               "%d.0                      24.9G    cn-0414" % job])
    label = {"category": "oom", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "Three of four nodes log memory-cgroup OOM kills (CONSTRAINT_MEMCG, limit 200G = the job's "
                          "own --mem request) of the job's rank processes; the hosts have 2 TB with most of it free. "
                          "Eight ~24 GB ranks plus data workers exceed the 200G the job asked for, so the request or the "
                          "memory footprint must be changed.",
             "modelled_on": "https://github.com/nextflow-io/nextflow/issues/5932"}
    return name, files, label


# ===================================================================== cb20
def cb20():
    name = "cb20_torchtitan_resume_missing_dataloader_keys"
    files = {}
    h1 = ["titan-n%02d" % i for i in range(1, 5)]
    h2 = ["titan-n%02d" % i for i in range(1, 9)]
    tt = "/opt/torchtitan"
    site = "/usr/local/lib/python3.12/dist-packages"
    # attempt 1: ran, saved at 2000, cancelled by user
    for i, h in enumerate(h1):
        L = []
        if i == 0:
            L += ["[rank0]:[titan] 2025-03-20 09:00:51,004 - root - INFO - Starting job: Llama 3 8B training",
                  "[rank0]:[titan] 2025-03-20 09:00:53,771 - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]"]
            for s in (1800, 1900, 2000):
                L.append("[rank0]:[titan] 2025-03-20 %s - root - INFO - step: %d  loss:  %.4f  memory: 51.21GiB(53.91%%)  tps: 7,412  tflops: 429.37  mfu: 43.41%%"
                         % ({1800: "13:31:09,118", 1900: "13:44:40,201", 2000: "13:58:11,390"}[s], s, 2.91 - s * 1e-4))
            L += ["[rank0]:[titan] 2025-03-20 13:58:11,402 - root - INFO - Saving the checkpoint (or staging if async is enabled).",
                  "[rank0]:[titan] 2025-03-20 13:58:49,117 - root - INFO - [GC] GC collection invoked by checkpointer. 0.04 seconds.",
                  "[rank0]:[titan] 2025-03-20 13:58:49,118 - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 37.72 seconds."]
        L.append("slurmstepd: error: *** STEP 118822.0 ON titan-n01 CANCELLED AT 2025-03-20T14:05:00 ***")
        files["attempt_1/%s/stdout.log" % h] = join(L)
    files["attempt_1/sacct.txt"] = join(sacct([("118822", "llama3-8b", "h100", "llm", "768", "CANCELLED+", "0:0")]) +
                                        ["# scancel by user rliu at 2025-03-20T14:05:00"])
    # attempt 2: 8 nodes
    bad_ranks = list(range(32, 64))
    for i, h in enumerate(h2):
        L = []
        if i == 0:
            L += ["[rank0]:[titan] 2025-03-20 14:31:40,882 - root - INFO - Starting job: Llama 3 8B training",
                  "[rank0]:[titan] 2025-03-20 14:31:43,019 - root - INFO - Building 1-D device mesh with ['dp_shard'], [64]",
                  "[rank0]:[titan] 2025-03-20 14:32:31,551 - root - INFO - Loading the checkpoint at step 2000."]
        for lr in ((0,) if i < 4 else (0, 5)):
            rk = 8 * i + lr
            q = "[rank%d]: " % rk
            L += [q + "Traceback (most recent call last):",
                  q + '  File "%s/torchtitan/train.py", line 214, in __init__' % tt,
                  q + "    self.checkpointer.load(step=job_config.checkpoint.load_step)",
                  q + '  File "%s/torchtitan/components/checkpoint.py", line 468, in load' % tt,
                  q + "    self.dcp_load(states, checkpoint_id=checkpoint_id)",
                  q + '  File "%s/torch/distributed/checkpoint/state_dict_loader.py", line 229, in _load_state_dict' % site,
                  q + '    central_plan: LoadPlan = distW.reduce_scatter("plan", local_step, global_step)',
                  q + '  File "%s/torch/distributed/checkpoint/utils.py", line 219, in reduce_scatter' % site,
                  q + "    raise result",
                  q + "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])" % ", ".join(str(x) for x in bad_ranks),
                  q + "Traceback (most recent call last): (RANK 32)",
                  q + '  File "%s/torch/distributed/checkpoint/utils.py", line 192, in reduce_scatter' % site,
                  q + "    local_data = map_fun()",
                  q + '  File "%s/torch/distributed/checkpoint/state_dict_loader.py", line 218, in local_step' % site,
                  q + "    local_plan = planner.create_local_plan()",
                  q + '  File "%s/torch/distributed/checkpoint/default_planner.py", line 236, in create_local_plan' % site,
                  q + "    return create_default_local_load_plan(",
                  q + '  File "%s/torch/distributed/checkpoint/default_planner.py", line 365, in create_default_local_load_plan' % site,
                  q + '    raise RuntimeError(f"Missing key in checkpoint state_dict: {fqn}.")',
                  q + "RuntimeError: Missing key in checkpoint state_dict: dataloader.dp_rank_32."]
        files["attempt_2/%s/stdout.log" % h] = join(L)
    files["attempt_2/sacct.txt"] = join(sacct([("118903", "llama3-8b", "h100", "llm", "1536", "FAILED", "1:0"),
                                               ("118903.0", "torchrun", "", "llm", "1536", "FAILED", "1:0")]))
    files["attempt_2/submit_diff.txt"] = join([
        "$ diff run_llama3_8b.sbatch.118822 run_llama3_8b.sbatch.118903",
        "3c3",
        "< #SBATCH --nodes=4",
        "---",
        "> #SBATCH --nodes=8",
        "$ grep -A3 '\\[checkpoint\\]' train_configs/llama3_8b.toml",
        "[checkpoint]",
        "enable_checkpoint = true",
        "folder = \"/scratch/rliu/titan/llama3_8b/checkpoint\"",
        "interval = 500"])
    label = {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "The run was resubmitted with 8 nodes (dp_shard 64) instead of 4 (dp_shard 32); DCP finds no "
                          "'dataloader.dp_rank_32..63' entries in the step-2000 checkpoint, so ranks 32-63 fail the load "
                          "plan and every rank gets the CheckpointException. Attempt 1 ended by the user's scancel. "
                          "Resume with the original data-parallel degree or skip dataloader state.",
             "modelled_on": "https://github.com/pytorch/torchtitan/pull/816"}
    return name, files, label


CASES = [cb11, cb12, cb13, cb14, cb15, cb16, cb17, cb18, cb19, cb20]
