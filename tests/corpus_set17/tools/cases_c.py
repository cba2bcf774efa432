"""Cases q21-q30."""
from common import *  # noqa

P310 = "/usr/local/lib/python3.10/dist-packages"
P311 = "/usr/local/lib/python3.11/site-packages"


# =============================================================================================
def q21(b):
    """Azure NDv5 + Azure Managed Lustre: every rank's DCP shard write fails EDQUOT; lfs quota shows the
    project over its hard limit. storage/infra/null/stop"""
    rng = b.rng
    clk = Clock(2025, 8, 19, 10, 0, 0)
    vms = ["ndv5-lab-vm%d" % k for k in range(4)]
    t_s = 3 * 3600 + 900.0
    for i, vm in enumerate(vms):
        L = ["+ torchrun --nnodes 4 --nproc_per_node 8 --node_rank %d --master_addr ndv5-lab-vm0 --master_port 29500 -m torchtitan.train --job.config_file llama3_70b.toml --checkpoint.folder /amlfs/proj-seq2/ckpt/70b" % i]
        L += torchrun_rdzv_done(clk, 5, 3301 + i, i, 8, 4, "ndv5-lab-vm0", 29500)[:10]
        if i == 0:
            t = 60.0
            s = 0
            while t < t_s:
                t += 5.4
                s += 1
                if s % 10 == 0:
                    L.append("[rank0]:[titan] %s - root - INFO - step: %4d  loss: %7.4f  memory: 71.02GiB(89.77%%)  tps: 487  tflops: 421.33  mfu: 42.60%%" % (clk.pylog(t), s, loss_curve(rng, s, 3.1, 2.2, 3000)))
                if s % 500 == 0:
                    L.append("[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % clk.pylog(t))
                    L.append("[rank0]:[titan] %s - root - INFO - [GC] Performing periodical GC collection. 0.06 seconds." % clk.pylog(t + 1))
                    L.append("[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in %.2f seconds." % (clk.pylog(t + 160), 158 + rng.uniform(0, 5)))
            L.append("[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % clk.pylog(t_s))
        for lr_ in (0, 3, 6):
            r = i * 8 + lr_
            L += ["[rank%d]: Traceback (most recent call last):" % r,
                  '[rank%d]:   File "%s/torch/distributed/checkpoint/filesystem.py", line 315, in _write_files_from_queue' % (r, P310),
                  "[rank%d]:     _write_item(transforms, stream, data, write_item, storage_key)" % r,
                  '[rank%d]:   File "%s/torch/distributed/checkpoint/filesystem.py", line 235, in _write_item' % (r, P310),
                  "[rank%d]:     torch.save(data, stream)" % r,
                  "[rank%d]: OSError: [Errno 122] Disk quota exceeded" % r,
                  "[rank%d]: " % r,
                  "[rank%d]: The above exception was the direct cause of the following exception:" % r,
                  "[rank%d]: " % r,
                  "[rank%d]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])" % (r, ", ".join(str(x) for x in range(0, 32, 3))),
                  "[rank%d]: Traceback (most recent call last): (RANK %d)" % (r, r),
                  "[rank%d]: OSError: [Errno 122] Disk quota exceeded: '/amlfs/proj-seq2/ckpt/70b/step-4000/__%d_0.distcp'" % (r, r)]
        L += child_failed(clk, t_s + 40 + i, vm, i * 8, 0, 1, 3400, script="torchtitan.train", others=[(i * 8 + 3, 3, 1, 3403)])
        b.add(vm + "/torchrun_node%d.log" % i, L)
    b.add(vms[0] + "/lfs_quota.txt", ["$ lfs quota -h -p 4102 /amlfs",
                                      "Disk quotas for prj 4102 (pid 4102):",
                                      "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                                      "         /amlfs  40.01T*    38T     40T       -  118211       0       0       -",
                                      "$ lfs project -d /amlfs/proj-seq2", " 4102 P /amlfs/proj-seq2",
                                      "$ du -sh /amlfs/proj-seq2/ckpt/70b/* | tail -5",
                                      "1.8T\t/amlfs/proj-seq2/ckpt/70b/step-1500", "1.8T\t/amlfs/proj-seq2/ckpt/70b/step-2000", "1.8T\t/amlfs/proj-seq2/ckpt/70b/step-2500",
                                      "1.8T\t/amlfs/proj-seq2/ckpt/70b/step-3000", "1.8T\t/amlfs/proj-seq2/ckpt/70b/step-3500", "612G\t/amlfs/proj-seq2/ckpt/70b/step-4000"])
    b.add(vms[2] + "/dmesg_tail.txt", ["%s hv_balloon: Max. dynamic memory size: 1900544 MB" % clk.dmesg_T(-3600 * 20),
                                        "%s Lustre: amlfs-OST0007-osc-ffff8f1a52b3c000: Connection restored to 10.42.0.17@tcp (at 10.42.0.17@tcp)" % clk.dmesg_T(-3600 * 19)])
    b.set_label("storage", "infrastructure", None, None, "stop",
                "At the step-4000 save every rank on every VM fails with EDQUOT (Errno 122) writing its DCP shard, and lfs quota shows project 4102 at 40.01T against a 40T hard limit (old 1.8T checkpoints never pruned); the shared filesystem is over quota and someone must free space or raise it before rerunning.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")


# =============================================================================================
def q22(b):
    """EKS, Accelerate + webdataset over S3: both attempts die on SlowDown after max retries, on different
    nodes, after a flood of retry warnings from every node. storage/infra/null/restart"""
    rng = b.rng
    nodes = ["ip-10-3-%d-%d.ec2.internal" % (x, y) for x, y in [(12, 44), (19, 201), (33, 7), (40, 118)]]
    pods = ["clip-pt-master-0", "clip-pt-worker-0", "clip-pt-worker-1", "clip-pt-worker-2"]
    fail_node = [2, 0]
    for a in range(2):
        clk = Clock(2025, 9, 2, 3 + a * 2, 10 + a * 7, 0)
        t_f = 4100.0 + a * 700
        for i, n in enumerate(nodes):
            L = ["[accelerate] %s node_rank=%d num_machines=4 num_processes=32 mixed_precision=bf16 restart=%d" % (pods[i], i, a)]
            if i == 0:
                t = 80.0
                s = 0 if a == 0 else 4000
                while t < t_f:
                    t += 0.97
                    s += 1
                    if s % 100 == 0:
                        L.append("%s - INFO - __main__ - step=%d loss=%.4f lr=%.2e imgs/s=%d data_wait=%.3fs" % (clk.pylog(t), s, loss_curve(rng, s, 6.1, 3.2, 9000), 5e-4, 33400 + rng.randint(-300, 300), 0.004 if t < t_f - 900 else 0.18 + rng.uniform(0, 0.2)))
            for k in range(14):
                tw = t_f - 900 + k * 60 + rng.uniform(0, 30)
                L.append("%s - WARNING - webdataset.handlers - Retrying s3://acme-laion-shards/laion2b-en/%05d.tar (attempt %d/10) after botocore ClientError SlowDown: Please reduce your request rate." % (clk.pylog(tw), rng.randint(0, 99999), 1 + k % 6))
            if i == fail_node[a]:
                r = i * 8 + 6
                L += ["[rank%d]: Traceback (most recent call last):" % r,
                      '[rank%d]:   File "%s/botocore/client.py", line 1023, in _make_api_call' % (r, P310),
                      "[rank%d]:     raise error_class(parsed_response, operation_name)" % r,
                      "[rank%d]: botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 9): Please reduce your request rate." % r,
                      "[rank%d]: " % r,
                      "[rank%d]: During handling of the above exception, another exception occurred:" % r,
                      "[rank%d]: " % r,
                      "[rank%d]: Traceback (most recent call last):" % r,
                      '[rank%d]:   File "/app/train_clip.py", line 301, in <module>' % r,
                      "[rank%d]:     for step, batch in enumerate(train_loader, start=start_step):" % r,
                      '[rank%d]:   File "%s/torch/utils/data/dataloader.py", line 1480, in _process_data' % (r, P310),
                      "[rank%d]:     data.reraise()" % r,
                      "[rank%d]: botocore.exceptions.ClientError: Caught ClientError in DataLoader worker process 5." % r,
                      "[rank%d]: Original Traceback (most recent call last):" % r,
                      '[rank%d]:   File "%s/webdataset/handlers.py", line 51, in reraise_exception' % (r, P310),
                      "[rank%d]:     raise exn" % r,
                      "[rank%d]: botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 9): Please reduce your request rate." % r]
                L += child_failed(clk, t_f + 3, pods[i], r, 6, 1, 1406, script="train_clip.py")
            else:
                rr = i * 8 + 1
                L += nccl_remote_error(clk, t_f + 9 + i, rr, "NET/OFI Request completed with error. RC: 15. Error: 4 (Connection reset by peer). Completed length: 0, Request: { dev: 1, size: 0, state: CREATED, type: RECV }")[:4]
                L += child_failed(clk, t_f + 15, pods[i], rr, 1, -6, 1401, script="train_clip.py")
            b.add("attempt_%d/%s/%s.log" % (a, n, pods[i]), L)
        b.add("attempt_%d/%s/s3_bucket_metrics.txt" % (a, nodes[0]), ["# CloudWatch AWS/S3 RequestMetrics bucket=acme-laion-shards filter=laion2b-en (1-min)",
                                                                       "timestamp,GetRequests,5xxErrors",
                                                                       ] + ["%s,%d,%d" % (clk.iso(t_f - 1200 + 60 * k, ms=False), 5400 + rng.randint(-200, 200), (0 if k < 5 else 380 + rng.randint(0, 200))) for k in range(22)])
    b.set_label("storage", "infrastructure", None, None, "restart",
                "Both attempts end with botocore SlowDown (S3 503, max retries reached) inside a DataLoader worker, on worker-1 the first time and on the master the second; every pod logs the same SlowDown retries beforehand and the bucket's 5xx count jumps, so the shared object store is throttling the whole job, not one node.",
                "https://github.com/huggingface/datatrove/issues/302")


# =============================================================================================
def q23(b):
    """GKE JobSet: every pod fails importing flash_attn (undefined symbol _ZN3c104cuda9SetDeviceEi) after
    an image rebuild; versions identical everywhere. dependency/framework/null/stop"""
    rng = b.rng
    clk = Clock(2025, 5, 5, 13, 0, 0)
    vms = ["gke-train-a2-ultragpu-5b2c1e9d-" + s for s in ["2jn4", "6xvq", "dk8m", "s1pt"]]
    for p, vm in enumerate(vms):
        pod = "llama-ft-workers-0-%d-%s" % (p, ["c8d1x", "k2m9q", "r7f3n", "z5w2p"][p])
        L = ["[entrypoint] image=us-docker.pkg.dev/acme/train/llama-ft:2025-05-05 (rebuilt 2025-05-05T09:12Z)",
             "[entrypoint] torch 2.3.0+cu121 | transformers 4.41.2 | accelerate 0.30.1 | flash-attn 2.5.7 | python 3.10.14",
             "+ accelerate launch --config_file fsdp.yaml --num_machines 4 --machine_rank %d --main_process_ip llama-ft-workers-0-0.llama-ft train.py" % p]
        L += ["%s/accelerate/utils/launch.py:253: FutureWarning: `torch.distributed.run` is deprecated" % P310] if p == 1 else []
        for lr_ in range(8):
            r = p * 8 + lr_
            if lr_ not in (0, 7):
                continue
            L += ["[rank%d]: Traceback (most recent call last):" % r,
                  '[rank%d]:   File "%s/transformers/utils/import_utils.py", line 1535, in _get_module' % (r, P310),
                  "[rank%d]:     return importlib.import_module(\".\" + module_name, self.__name__)" % r,
                  '[rank%d]:   File "%s/transformers/models/llama/modeling_llama.py", line 54, in <module>' % (r, P310),
                  "[rank%d]:     from flash_attn import flash_attn_func, flash_attn_varlen_func" % r,
                  '[rank%d]:   File "%s/flash_attn/__init__.py", line 3, in <module>' % (r, P310),
                  "[rank%d]:     from flash_attn.flash_attn_interface import (" % r,
                  '[rank%d]:   File "%s/flash_attn/flash_attn_interface.py", line 10, in <module>' % (r, P310),
                  "[rank%d]:     import flash_attn_2_cuda as flash_attn_cuda" % r,
                  "[rank%d]: ImportError: %s/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi" % (r, P310),
                  "[rank%d]: " % r,
                  "[rank%d]: The above exception was the direct cause of the following exception:" % r,
                  "[rank%d]: " % r,
                  "[rank%d]: Traceback (most recent call last):" % r,
                  '[rank%d]:   File "/workspace/train.py", line 37, in <module>' % r,
                  "[rank%d]:     model = AutoModelForCausalLM.from_pretrained(args.model, attn_implementation=\"flash_attention_2\", torch_dtype=torch.bfloat16)" % r,
                  "[rank%d]: RuntimeError: Failed to import transformers.models.llama.modeling_llama because of the following error (look up to see its traceback):" % r,
                  "[rank%d]: %s/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi" % (r, P310)]
        L += child_failed(clk, 48 + p, pod, p * 8, 0, 1, 201, script="train.py", others=[(p * 8 + k, k, 1, 201 + k) for k in range(1, 8)])
        b.add(vm + "/%s.log" % pod, L)
    b.add(vms[0] + "/kubectl_get_pods.txt", ["NAME                                READY   STATUS             RESTARTS      AGE   NODE"] +
          ["llama-ft-workers-0-%d-%s   0/1     CrashLoopBackOff   4 (31s ago)   6m    %s" % (p, ["c8d1x", "k2m9q", "r7f3n", "z5w2p"][p], vms[p]) for p in range(4)])
    b.set_label("dependency", "framework", None, None, "stop",
                "All four pods, with identical images and versions (torch 2.3.0, flash-attn 2.5.7), fail at import with flash_attn_2_cuda 'undefined symbol: _ZN3c104cuda9SetDeviceEi' (chained into transformers' 'Failed to import ... modeling_llama'); the flash-attn binary in the rebuilt image does not match its torch ABI, a library problem on every node.",
                "https://github.com/Dao-AILab/flash-attention/issues/931")


# =============================================================================================
def q24(b):
    """SkyPilot on VMs: only worker2's ranks die at CUDA init 'driver too old (found version 12000)'; its
    nvidia-smi shows driver 525 vs 550 elsewhere. dependency/infra/worker2/rwn"""
    rng = b.rng
    clk = Clock(2025, 2, 12, 18, 30, 11)
    nodes = ["sky-91aa-carol-head", "sky-91aa-carol-worker1", "sky-91aa-carol-worker2"]
    tags = ["head", "worker1", "worker2"]
    ips = ["10.0.1.5", "10.0.1.9", "10.0.1.13"]
    bad = 2
    run = ["I 02-12 18:30:11 cloud_vm_ray_backend.py:3524] Job submitted with Job ID: 12", "INFO: All task resources reserved.", "INFO: Reserved IPs: %s" % ips]
    for i in range(3):
        run.append("(%s, rank=%d, pid=%d, ip=%s) torch 2.5.1+cu124, NODE_RANK=%d, ranks %d-%d" % (tags[i], i, 5001 + i, ips[i], i, 8 * i, 8 * i + 7))
    for lr_ in range(8):
        r = 16 + lr_
        run += ["(worker2, rank=2, pid=5003, ip=%s) [rank%d]: Traceback (most recent call last):" % (ips[2], r),
                "(worker2, rank=2, pid=5003, ip=%s) [rank%d]:   File \"/home/gcpuser/sky_workdir/train.py\", line 58, in setup" % (ips[2], r),
                "(worker2, rank=2, pid=5003, ip=%s) [rank%d]:     torch.cuda.set_device(local_rank)" % (ips[2], r),
                "(worker2, rank=2, pid=5003, ip=%s) [rank%d]:   File \"/opt/conda/lib/python3.11/site-packages/torch/cuda/__init__.py\", line 319, in _lazy_init" % (ips[2], r),
                "(worker2, rank=2, pid=5003, ip=%s) [rank%d]:     torch._C._cuda_init()" % (ips[2], r),
                "(worker2, rank=2, pid=5003, ip=%s) [rank%d]: RuntimeError: The NVIDIA driver on your system is too old (found version 12000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver." % (ips[2], r)]
    run += ["(worker2, rank=2, pid=5003, ip=%s) %s" % (ips[2], x) for x in child_failed(clk, 40, nodes[2], 16, 0, 1, 5101, script="train.py")]
    for i in (0, 1):
        run += ["(%s, rank=%d, pid=%d, ip=%s) [rank%d]:[W212 19:00:52.%09d socket.cpp:487] [c10d] The server socket has failed to listen on any local network address." % (tags[i], i, 5001 + i, ips[i], 8 * i, rng.randint(0, 999999999)) if False else
                "(%s, rank=%d, pid=%d, ip=%s) [rank%d]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 16/24 clients joined." % (tags[i], i, 5001 + i, ips[i], 8 * i)]
    run.append("E 02-12 19:01:02 subprocess_utils.py:141] Job 12 failed with return code list: [1, 1, 1]")
    b.add(nodes[0] + "/sky_logs/sky-2025-02-12-18-30-11-004512/run.log", run)
    for i, n in enumerate(nodes):
        drv = "525.147.05" if i == bad else "550.90.07"
        cu = "12.0" if i == bad else "12.4"
        S = smi_table(clk, 5, [{"temp": 31 + rng.randint(0, 4), "pwr": 60 + rng.randint(0, 9), "mem": 0, "util": 0} for _ in range(8)], driver=drv, cuda=cu, name="NVIDIA A100-SXM4-80GB",
                      buses=["00000000:%s.0" % p[5:] for p in PCI_A100], cap=400, total=81920)
        b.add(n + "/setup_nvidia-smi.txt", S)
    b.add(nodes[bad] + "/setup.log", ["Image: projects/deeplearning-platform-release/global/images/common-cu120-v20231209-debian-11-py310 (fallback: requested image family unavailable in us-central1-c)",
                                      "nvidia driver: 525.147.05 (from image)"])
    b.add(nodes[0] + "/setup.log", ["Image: projects/deeplearning-platform-release/global/images/common-cu124-v20250115-debian-11-py310", "nvidia driver: 550.90.07 (from image)"])
    b.set_label("dependency", "infrastructure", nodes[bad], None, "restart_without_node",
                "Only worker2's ranks 16-23 fail at CUDA init with 'driver too old (found version 12000)'; its setup nvidia-smi shows driver 525.147.05/CUDA 12.0 from a fallback image while head and worker1 run 550.90.07/12.4 with the same torch 2.5.1+cu124. The DistStoreError timeouts on the other nodes are sympathetic.",
                "https://github.com/lllyasviel/Fooocus/issues/1313")


# =============================================================================================
def q25(b):
    """PyTorchJob (backoffLimit 2): three attempts all fail in accelerator.load_state - checkpoint keys carry
    '_orig_mod.' (saved from a compiled model), the resumed model is not compiled. user_code/script/null/stop"""
    rng = b.rng
    pods = ["qwen-cpt-master-0", "qwen-cpt-worker-0"]
    keys = ["model.embed_tokens.weight", "model.layers.0.self_attn.q_proj.weight", "model.layers.0.self_attn.k_proj.weight", "model.layers.0.self_attn.v_proj.weight",
            "model.layers.0.self_attn.o_proj.weight", "model.layers.0.mlp.gate_proj.weight", "model.layers.0.mlp.up_proj.weight", "model.layers.0.mlp.down_proj.weight"]
    for a in range(3):
        clk = Clock(2025, 10, 7, 21, 2 + a * 4, 0)
        for i, p in enumerate(pods):
            L = ["[job] %s attempt=%d PET_NODE_RANK=%d nnodes=2 nproc=8 RESUME_FROM=/mnt/ckpt/qwen-cpt/step_24000" % (p, a, i),
                 "%s/accelerate/accelerator.py:1302: UserWarning: Using `torch.compile` is disabled for FSDP state loading; set `dynamo_backend` in config to re-enable" % P311 if False else "[job] dynamo_backend=NO (compile disabled for this run: debugging recompiles)",
                 "%s - INFO - accelerate.accelerator - Loading states from /mnt/ckpt/qwen-cpt/step_24000" % clk.pylog(70)]
            for lr_ in (0, 5):
                r = i * 8 + lr_
                mk = ", ".join('"%s"' % k for k in keys)
                uk = ", ".join('"_orig_mod.%s"' % k for k in keys)
                L += ["[rank%d]: Traceback (most recent call last):" % r,
                      '[rank%d]:   File "/workspace/cpt/train.py", line 214, in <module>' % r,
                      "[rank%d]:     accelerator.load_state(args.resume_from)" % r,
                      '[rank%d]:   File "%s/accelerate/accelerator.py", line 3243, in load_state' % (r, P311),
                      "[rank%d]:     load_fsdp_model(self.state.fsdp_plugin, self, model, input_dir, i)" % r,
                      '[rank%d]:   File "%s/accelerate/utils/fsdp_utils.py", line 184, in load_fsdp_model' % (r, P311),
                      "[rank%d]:     load_result = model.load_state_dict(state_dict)" % r,
                      '[rank%d]:   File "%s/torch/nn/modules/module.py", line 2584, in load_state_dict' % (r, P311),
                      "[rank%d]:     raise RuntimeError(" % r,
                      "[rank%d]: RuntimeError: Error(s) in loading state_dict for FullyShardedDataParallel:" % r,
                      "[rank%d]: \tMissing key(s) in state_dict: %s, ... (2318 more)." % (r, mk),
                      "[rank%d]: \tUnexpected key(s) in state_dict: %s, ... (2318 more)." % (r, uk)]
            L += child_failed(clk, 95 + i, p, i * 8, 0, 1, 301, script="train.py", others=[(i * 8 + 5, 5, 1, 306)])
            b.add("attempt_%d/%s/pod.log" % (a, p), L)
        b.add("attempt_%d/%s/describe_pod.txt" % (a, pods[0]), describe_pod(clk, pods[0], "pretrain", "gke-a3m-pool-3c1d2e4f-%s" % ["h8q2", "m1v7", "t4k9"][a], "10.128.3.%d" % (4 + a), "10.96.%d.8" % a,
                                                                             "us-docker.pkg.dev/acme/cpt/qwen-cpt:1.4.2", "sha256:" + "%064x" % 0x51c3e2, "Terminated", 30, 97, "Error", 1,
                                                                             labels=["training.kubeflow.org/job-name=qwen-cpt", "training.kubeflow.org/replica-type=master"],
                                                                             env=[("PET_NODE_RANK", "0")], events=[("Warning", "BackoffLimitExceeded" if a == 2 else "Restarting", "1m", "pytorchjob-controller", "PyTorchJob qwen-cpt restart %d/2" % a)], limits_mem="1600Gi"))
    b.set_label("user_code", "script", None, None, "stop",
                "Every attempt, on different VMs, dies in accelerator.load_state with Missing 'model.*' vs Unexpected '_orig_mod.model.*' keys: the step_24000 checkpoint was saved from a torch.compile'd model and the resumed model is not compiled. Restarting cannot help; the resume code/checkpoint keys must be fixed.",
                "https://github.com/huggingface/pytorch-image-models/pull/2003")


# =============================================================================================
def q26(b):
    """GCE VMs, tmux-launched torchrun: after 4h a DataLoader worker raises KeyError 'text' on a malformed
    row; tokenizers fork warnings flood the logs. user_code/script/null/stop"""
    rng = b.rng
    clk = Clock(2025, 6, 14, 2, 11, 0)
    vms = ["a3-sft-vm-01", "a3-sft-vm-02"]
    t_f = 4 * 3600 + 1207.0
    for i, vm in enumerate(vms):
        L = ["+ torchrun --nnodes 2 --nproc-per-node 8 --node-rank %d --master-addr a3-sft-vm-01 --master-port 29501 train_sft.py --data gs://acme-sft/mix-v7/*.jsonl --num_workers 6" % i]
        L += torchrun_rdzv_done(clk, 4, 9911 + i, i, 8, 2, "a3-sft-vm-01", 29501)[:10]
        for k in range(60 if i == 0 else 40):
            L.append("huggingface/tokenizers: The current process just got forked, after parallelism has already been used. Disabling parallelism to avoid deadlocks...")
            if k % 10 == 0:
                L.append("To disable this warning, you can either:\n\t- Avoid using `tokenizers` before the fork if possible\n\t- Explicitly set the environment variable TOKENIZERS_PARALLELISM=(true | false)")
        if i == 0:
            t = 60.0
            s = 0
            while t < t_f:
                t += 1.33
                s += 1
                if s % 100 == 0:
                    L.append("%s [INFO] step %d/18000 loss=%.4f lr=%.2e tok/s=%d" % (clk.plain(t), s, loss_curve(rng, s, 1.9, 1.1, 4000), 1e-5, 61200 + rng.randint(-500, 500)))
                if s % 3000 == 0:
                    L.append("%s [INFO] wandb: logged eval/loss=%.4f at step %d" % (clk.plain(t + 30), loss_curve(rng, s, 1.9, 1.15, 4000), s))
        if i == 1:
            r = 13
            L += ["[rank13]: Traceback (most recent call last):",
                  '[rank13]:   File "/home/alice/sft/train_sft.py", line 241, in <module>',
                  "[rank13]:     main()",
                  '[rank13]:   File "/home/alice/sft/train_sft.py", line 187, in main',
                  "[rank13]:     for batch in train_loader:",
                  '[rank13]:   File "/home/alice/.venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 701, in __next__',
                  "[rank13]:     data = self._next_data()",
                  '[rank13]:   File "/home/alice/.venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1465, in _next_data',
                  "[rank13]:     return self._process_data(data)",
                  '[rank13]:   File "/home/alice/.venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1491, in _process_data',
                  "[rank13]:     data.reraise()",
                  '[rank13]:   File "/home/alice/.venv/lib/python3.11/site-packages/torch/_utils.py", line 715, in reraise',
                  "[rank13]:     raise exception",
                  "[rank13]: KeyError: Caught KeyError in DataLoader worker process 3.",
                  "[rank13]: Original Traceback (most recent call last):",
                  '[rank13]:   File "/home/alice/.venv/lib/python3.11/site-packages/torch/utils/data/_utils/worker.py", line 351, in _worker_loop',
                  "[rank13]:     data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                  '[rank13]:   File "/home/alice/.venv/lib/python3.11/site-packages/torch/utils/data/_utils/fetch.py", line 52, in fetch',
                  "[rank13]:     data = [self.dataset[idx] for idx in possibly_batched_index]",
                  '[rank13]:   File "/home/alice/sft/data.py", line 77, in __getitem__',
                  "[rank13]:     text = self.template.format(**row) if row.get(\"messages\") is None else render(row[\"messages\"])",
                  '[rank13]:   File "/home/alice/sft/data.py", line 31, in render',
                  "[rank13]:     return \"\".join(f\"<|{m['role']}|>\\n{m['text']}\" for m in msgs)",
                  "[rank13]: KeyError: 'text'"]
            ef = "/tmp/torchelastic_m2v9k1/none_q8x7a2/attempt_0/5/error.json"
            L += child_failed(clk, t_f + 2, vm, 13, 5, 1, 10233, script="train_sft.py", error_file=ef)
            b.add(vm + "/torchelastic_error_rank13.json", [jl({"message": {"message": "KeyError: Caught KeyError in DataLoader worker process 3.\nOriginal Traceback (most recent call last):\n  File \"/home/alice/sft/data.py\", line 31, in render\n    return \"\".join(f\"<|{m['role']}|>\\n{m['text']}\" for m in msgs)\nKeyError: 'text'\n",
                                                                              "extraInfo": {"py_callstack": "Traceback (most recent call last):\n  File \"/home/alice/.venv/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 355, in wrapper\n    return f(*args, **kwargs)\n  File \"/home/alice/sft/train_sft.py\", line 187, in main\n    for batch in train_loader:\nKeyError: Caught KeyError in DataLoader worker process 3.\n",
                                                                                            "timestamp": str(clk.epoch(t_f))}}})])
        else:
            L += nccl_remote_error(clk, t_f + 9, 3, "socketProgress: Connection closed by remote peer a3-sft-vm-02.us-central1-a.c.acme.internal<41022>", ver="2.21.5")[:4]
            L += child_failed(clk, t_f + 15, vm, 3, 3, -6, 10103, script="train_sft.py")
        b.add(vm + "/runs/2025-06-14_sft-mix-v7/train_node%d.log" % i, L)
    b.add(vms[1] + "/runs/2025-06-14_sft-mix-v7/bad_rows_grep.txt", ["$ gsutil cat gs://acme-sft/mix-v7/part-00037.jsonl | sed -n 21873p | cut -c1-200",
                                                                      '{"id": "oa2-77120", "messages": [{"role": "user", "content": "Wie funktioniert ein Transformator?"}, {"role": "assistant", "content": "Ein Transformator besteht aus zwei Spulen'])
    b.set_label("user_code", "script", None, None, "stop",
                "After 4 h of training rank 13's DataLoader worker raised KeyError 'text' in the user's data.py render(): a row in part-00037 uses 'content' instead of 'text' in its messages (the torchelastic error.json and the grep show it). A data/code bug: restarting will hit it again. The tokenizers fork warnings are noise.",
                "https://pytorch.org/docs/stable/data.html#multi-process-data-loading")


# =============================================================================================
def q27(b):
    """GKE A3, 8 VMs, torchtitan: run reaches step 5000, saves, exits 0; Xid 63 on one VM, a GCE upcoming-
    maintenance notice on another, destroy_process_group warnings. unknown/framework/null/none"""
    rng = b.rng
    clk = Clock(2025, 7, 21, 4, 0, 0)
    vms = ["gke-titan-a3mega-pool-83d1e0f2-" + s for s in ["1c2v", "4kq8", "7bwz", "9hnm", "dd3r", "gx0p", "nq6s", "vt2j"]]
    t_end = 5000 * 4.02 + 200
    for p, vm in enumerate(vms):
        pod = "titan-70b-node-0-%d-%s" % (p, "%05x" % rng.getrandbits(20))
        L = ["NODE_NAME=%s JOB_COMPLETION_INDEX=%d" % (vm, p)]
        L += torchrun_rdzv_done(clk, 20, 61, p, 8, 8, "titan-70b-node-0-0.titan-70b", 29500)[:10]
        L += nccl_init(pod, 201, 0, p * 8, 64, plugin="tcpx", rng=rng, ip="10.9.%d.2" % p)[:6]
        if p == 0:
            L.append("[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 128, sequence length 8192, total steps 5000 (warmup 200)" % clk.pylog(150))
            t = 200.0
            for s in range(1, 5001):
                t += 4.02
                if s % 10 == 0:
                    L.append("[rank0]:[titan] %s - root - INFO - step: %4d  loss: %7.4f  memory: 67.44GiB(85.22%%)  tps: %d  tflops: %.2f  mfu: %.2f%%" % (clk.pylog(t), s, loss_curve(rng, s, 3.4, 2.3, 1500), 2036 + rng.randint(-20, 20), 418 + rng.uniform(-3, 3), 42.3 + rng.uniform(-0.3, 0.3)))
                if s % 1000 == 0:
                    L.append("[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % clk.pylog(t))
                    L.append("[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in %.2f seconds." % (clk.pylog(t + 21), 20.1 + rng.uniform(0, 2)))
            L.append("[rank0]:[titan] %s - root - INFO - Training completed" % clk.pylog(t + 25))
            L.append("[rank0]:[titan] %s - root - INFO - Sleeping 2 seconds for other ranks to complete" % clk.pylog(t + 25))
            L.append("[rank0]:[titan] %s - root - INFO - Process group destroyed." % clk.pylog(t + 28))
        for lr_ in (1, 4):
            L.append("[rank%d]:[W721 %s.%09d ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (p * 8 + lr_, clk.t(t_end + 30).strftime("%H:%M:%S"), rng.randint(0, 999999999)))
        L.append(clk.elastic(t_end + 32, "I", 61, "torch/distributed/elastic/agent/server/api.py:879") + " [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.")
        L.append(clk.elastic(t_end + 33, "I", 61, "torch/distributed/elastic/agent/server/api.py:932") + " Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish")
        L.append(clk.elastic(t_end + 35, "I", 61, "torch/distributed/elastic/agent/server/api.py:946") + " Done waiting for other agents. Elapsed: 1.8211100101470947 seconds")
        b.add(vm + "/%s.log" % pod, L)
    b.add(vms[5] + "/node_kernel.log", ["%s %s kernel: NVRM: Xid (PCI:%s): 63, pid=4411, name=python3, Row Remapper: New row (0x00000000001d7a20) Marked for Remapping, reset gpu to activate." % (clk.syslog(9000), vms[5], PCI_H100[3]),
                                        "%s %s kernel: NVRM: Xid (PCI:%s): 92, pid=4411, name=python3, High single-bit ECC error rate" % (clk.syslog(9001), vms[5], PCI_H100[3]) if False else
                                        "%s %s kernel: gve 0000:06:00.0 eth1: Device link is up." % (clk.syslog(9100), vms[5])])
    b.add(vms[2] + "/gce_metadata_maintenance.txt", ["$ curl -s -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/instance/upcoming-maintenance",
                                                     jl({"type": "SCHEDULED", "canReschedule": True, "windowStartTime": "2025-07-24T02:00:00Z", "windowEndTime": "2025-07-24T06:00:00Z", "latestWindowStartTime": "2025-07-24T02:00:00Z", "maintenanceStatus": "PENDING"}),
                                                     "$ curl -s -H 'Metadata-Flavor: Google' http://metadata.google.internal/computeMetadata/v1/instance/maintenance-event", "NONE"])
    b.add(vms[0] + "/jobset_status.txt", ["NAME        TERMINALSTATE   RESTARTS   COMPLETED   SUSPENDED   AGE", "titan-70b   Completed       0          True        false       5h41m"])
    b.set_label("unknown", "framework", None, None, "none",
                "The run reached step 5000, saved every 1000 steps, logged 'Training completed', and every agent reports WorkerState.SUCCEEDED with the JobSet Completed. The Xid 63 (row remap pending reset), the GCE maintenance window three days later and the destroy_process_group warnings are benign.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")


# =============================================================================================
def q28(b):
    """KubeRay Ray Train run that completes; warnings flood, one transient S3 retry, a corrected EDAC error.
    unknown/framework/null/none"""
    rng = b.rng
    clk = Clock(2025, 11, 3, 9, 0, 0)
    pods = ["raycluster-sd-head-p9k2c", "raycluster-sd-gpu-group-worker-2xv7h", "raycluster-sd-gpu-group-worker-n8q4d"]
    ips = ["10.0.9.4", "10.0.9.17", "10.0.9.29"]
    D = ["2025-11-03 09:00:02,411\tINFO worker.py:1660 -- Connecting to existing Ray cluster at address: %s:6379..." % ips[0],
         "2025-11-03 09:00:02,430\tINFO worker.py:1843 -- Connected to Ray cluster.",
         "(TorchTrainer pid=3101, ip=%s) Started distributed worker processes: " % ips[1]]
    for r in range(16):
        nd = 1 + r // 8
        D.append("(TorchTrainer pid=3101, ip=%s) - (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % (ips[1], "%056x" % (0x77e1 + nd * 104729), ips[nd], 3200 + r, r, r % 8, nd - 1))
    for r in range(16):
        nd = 1 + r // 8
        D.append("(RayTrainWorker pid=%d, ip=%s) /usr/local/lib/python3.11/site-packages/diffusers/models/attention_processor.py:1476: FutureWarning: `torch.utils._pytree._register_pytree_node` is deprecated. Please use `torch.utils._pytree.register_pytree_node` instead." % (3200 + r, ips[nd]))
        D.append("(RayTrainWorker pid=%d, ip=%s) /usr/local/lib/python3.11/site-packages/torch/utils/checkpoint.py:1399: FutureWarning: `torch.cpu.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cpu', args...)` instead." % (3200 + r, ips[nd]))
    D.append("(RayTrainWorker pid=3205, ip=%s) [repeated 30x across cluster] (Ray deduplicates logs by default. Set RAY_DEDUP_LOGS=0 to disable log deduplication, or see https://docs.ray.io/en/master/ray-observability/user-guides/configure-logging.html#log-deduplication for more options.)" % ips[1])
    t = 60.0
    for ep in range(12):
        for s in range(0, 1500, 250):
            t += 250 * 0.58
            D.append("(RayTrainWorker pid=3200, ip=%s) epoch %d step %d loss %.4f lr %.2e" % (ips[1], ep, s, 0.14 - ep * 0.004 + rng.uniform(-0.01, 0.01), 1e-4))
        if ep == 7:
            D.append("(RayTrainWorker pid=3211, ip=%s) WARNING s3_reader: GetObject s3://acme-sd-data/shards/train-0%04d.tar failed with RequestTimeout; retry 1/5 succeeded after 1.2s" % (ips[2], rng.randint(0, 9999)))
        D.append("(RayTrainWorker pid=3200, ip=%s) Checkpoint successfully created at: Checkpoint(filesystem=s3, path=acme-ray-results/sd-ft-1103/TorchTrainer_1a2b3_00000/checkpoint_%06d)" % (ips[1], ep))
        D.append("Training finished iteration %d at %s. Total running time: %dmin %ds" % (ep + 1, clk.plain(t), int(t // 60), int(t % 60)))
    D += ["2025-11-03 %s\tINFO tune.py:1009 -- Wrote the latest version of all result files and experiment state to 's3://acme-ray-results/sd-ft-1103' in 0.8812s." % clk.t(t + 10).strftime("%H:%M:%S,%f")[:-3],
          "Training completed after 12 iterations at %s. Total running time: %dmin %ds" % (clk.plain(t + 11), int((t + 11) // 60), int((t + 11) % 60)),
          "Result(metrics={'loss': 0.0921, 'epoch': 11}, path='acme-ray-results/sd-ft-1103/TorchTrainer_1a2b3_00000', filesystem='s3', checkpoint=Checkpoint(filesystem=s3, path=acme-ray-results/sd-ft-1103/TorchTrainer_1a2b3_00000/checkpoint_000011))",
          "---------------------------------------",
          "Job 'raysubmit_Qe81kF2xv9Lm3Tz4' succeeded",
          "---------------------------------------"]
    b.add(pods[0] + "/ray_job_logs.txt", D)
    b.add(pods[2] + "/node_dmesg.txt", ["%s EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#3_DIMM#0 (channel:3 slot:0 page:0x41a2c offset:0x880 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)" % clk.dmesg_T(2000),
                                        "%s mce: [Hardware Error]: Machine check events logged" % clk.dmesg_T(2000)])
    b.add(pods[1] + "/node_dmesg.txt", ["%s IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready" % clk.dmesg_T(-600)])
    b.set_label("unknown", "framework", None, None, "none",
                "Ray Train finished all 12 iterations, wrote the final checkpoint and the job 'succeeded'; the FutureWarning flood, one S3 RequestTimeout that succeeded on retry and a single corrected (CE) EDAC error on one worker are benign noise.",
                "https://docs.ray.io/en/latest/train/getting-started-pytorch.html")


# =============================================================================================
def q29(b):
    """ParallelCluster p4de: rank 12 CUDA OOM at the first step; the OOM message lists a second process; the
    prolog nvidia-smi shows PID 118822 from an earlier job still on GPU 4 (unkillable). oom/infra/node/12/rwn"""
    rng = b.rng
    clk = Clock(2025, 4, 14, 8, 20, 0, boot_offset=880123.0)
    nodes = ["trn-st-p4de-1", "trn-st-p4de-2"]
    jobid = 48133
    out = ["+ srun -l --ntasks-per-node=1 torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=trn-st-p4de-1:29500 train.py --model llama3-8b --fsdp"]
    for k in range(2):
        out += ["%d: %s" % (k, x) for x in torchrun_rdzv_done(clk, 15, 6001 + k, k, 8, 2, "trn-st-p4de-1", 29500)[:9]]
    out += ["0: [rank0]: %s INFO model built: 8.03B params, FSDP FULL_SHARD, bf16, activation checkpointing on" % clk.plain(80)]
    out += ["1: [rank12]: Traceback (most recent call last):",
            '1: [rank12]:   File "/fsx/alice/train.py", line 301, in train_step',
            "1: [rank12]:     logits = model(input_ids)",
            '1: [rank12]:   File "/fsx/alice/.venv/lib/python3.11/site-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py", line 863, in forward',
            "1: [rank12]:     output = self._fsdp_wrapped_module(*args, **kwargs)",
            "1: [rank12]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 4 has a total capacity of 79.15 GiB of which 1.21 GiB is free. Process 118822 has 41.36 GiB memory in use. Process 203311 has 36.55 GiB memory in use. Of the allocated memory 34.90 GiB is allocated by PyTorch, and 1.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"]
    out += ["1: %s" % x for x in child_failed(clk, 101, nodes[1], 12, 4, 1, 203311, script="train.py")]
    out += ["0: [rank2]:%s" % x for x in nccl_remote_error(clk, 104, 2, "NET/OFI Request completed with error. RC: 15. Error: 4 (Connection reset by peer). Completed length: 0, Request: { dev: 1, size: 0, state: CREATED, type: RECV }")[:4]]
    out += ["0: [rank0]:[W414 08:21:49.%09d ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL." % rng.randint(0, 999999999),
            "srun: error: trn-st-p4de-2: task 1: Exited with exit code 1", "srun: error: trn-st-p4de-1: task 0: Exited with exit code 1"]
    b.add(nodes[0] + "/slurm-%d.out" % jobid, out)
    for i, n in enumerate(nodes):
        procs = [(g, 6100 + g, "/fsx/alice/.venv/bin/python3", 500) for g in range(8)] if False else []
        if i == 1:
            procs = [(4, 118822, "/fsx/bob/envs/rl/bin/python", 42352)]
        S = ["# prolog job %d on %s: nvidia-smi" % (jobid, n)]
        S += smi_table(clk, 0, [{"temp": 33, "pwr": 88, "mem": 42355 if (i == 1 and g == 4) else 4, "util": 0} for g in range(8)], name="NVIDIA A100-SXM4-80GB",
                       buses=["00000000:%s.0" % p[5:] for p in PCI_A100], cap=400, total=81920, procs=procs, driver="535.183.01", cuda="12.2")
        b.add(n + "/prolog_nvidia-smi.txt", S)
    b.add(nodes[1] + "/slurmd.log", ["[2025-04-14T07:55:31.118] [48120.0] error: *** STEP 48120.0 STEPD TERMINATED ON trn-st-p4de-2 AT 2025-04-14T07:55:31 DUE TO JOB NOT ENDING WITH SIGNALS ***",
                                     "[2025-04-14T07:55:31.120] [48120.0] done with job",
                                     "[2025-04-14T07:55:33.004] error: _handle_epilog: epilog for job 48120 could not kill pid 118822 (state D, /fsx/bob/envs/rl/bin/python)",
                                     "[2025-04-14T08:20:02.510] launch task StepId=%d.0 request from UID:1003 GID:1003 HOST:10.0.64.21 PORT:50122" % jobid])
    b.set_label("oom", "infrastructure", nodes[1], 12, "restart_without_node",
                "Rank 12 (trn-st-p4de-2, GPU 4) ran out of memory at its first forward step although the job itself held only ~36.5 GiB; the OOM message lists another process, PID 118822 with 41.36 GiB, which the prolog nvidia-smi and slurmd.log show is a leftover, unkillable process of earlier job 48120 (bob) on that GPU.",
                "https://github.com/NVIDIA/gpu-operator/issues/2880")


# =============================================================================================
def q30(b):
    """GCE A3 VMs, plain torchrun: vm-2 vanishes; its serial console shows a fatal machine check and kernel
    panic; gcloud operations show a hostError. host/infra/vm-2/rwn"""
    rng = b.rng
    clk = Clock(2025, 8, 30, 6, 0, 0, boot_offset=502211.0)
    vms = ["a3-pretrain-0", "a3-pretrain-1", "a3-pretrain-2", "a3-pretrain-3"]
    bad = 2
    t_f = 2 * 3600 + 771.0
    for i, vm in enumerate(vms):
        L = ["+ torchrun --nnodes 4 --nproc-per-node 8 --node-rank %d --rdzv-backend c10d --rdzv-endpoint a3-pretrain-0:29400 --max-restarts 0 pretrain.py" % i]
        L += torchrun_rdzv_done(clk, 8, 2101 + i, i, 8, 4, "a3-pretrain-0", 29400)[:10]
        if i == 0:
            t = 60.0
            s = 0
            while t < t_f:
                t += 1.05
                s += 1
                if s % 100 == 0:
                    L.append(jl({"severity": "INFO", "time": clk.iso(t), "step": s, "loss": round(loss_curve(rng, s, 3.0, 2.2, 9000), 4), "step_time": round(1.05 + rng.uniform(-0.01, 0.01), 3)}))
        if i != bad:
            rr = i * 8 + 4
            L += nccl_remote_error(clk, t_f + 31 + i, rr, "NET/GPUDirectTCPX : Connection timed out to peer 10.10.0.14<51311>", ver="2.21.5")[:4]
            L += [clk.elastic(t_f + 40 + i, "W", 2101 + i, "torch/distributed/elastic/agent/server/api.py:704") + " Received Signals.SIGABRT death signal, shutting down workers"]
            L += child_failed(clk, t_f + 44 + i, vm, rr, 4, -6, 2204, script="pretrain.py")
            if i == 1:
                L += ["[rank9]:[E830 %s.%09d TCPStore.cpp:331] [c10d] Error in TCPStore heartbeat: connection to a3-pretrain-2 lost" % (clk.t(t_f + 33).strftime("%H:%M:%S"), rng.randint(0, 999999999))]
            b.add(vm + "/torchrun.log", L)
        else:
            b.add(vm + "/torchrun.log", L)
    SC = ["# gcloud compute instances get-serial-port-output a3-pretrain-2 --zone us-east4-a --start=0",
          "%s mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 12: be00000000800400" % clk.uptime(t_f - 0.8),
          "%s mce: [Hardware Error]: RIP !INEXACT! 33:<00007f4e1a2b3c4d>" % clk.uptime(t_f - 0.8),
          "%s mce: [Hardware Error]: TSC 1b7f4e0a1c2d ADDR 3f1a2b3c40 MISC 86" % clk.uptime(t_f - 0.8),
          "%s mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET 1 APIC 4a microcode 2b000571" % (clk.uptime(t_f - 0.8), clk.epoch(t_f)),
          "%s mce: [Hardware Error]: Run the above through 'mcelog --ascii'" % clk.uptime(t_f - 0.79),
          "%s mce: [Hardware Error]: Machine check: Processor context corrupt" % clk.uptime(t_f - 0.79),
          "%s Kernel panic - not syncing: Fatal machine check" % clk.uptime(t_f - 0.78),
          "%s Kernel Offset: 0x2a000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)" % clk.uptime(t_f - 0.78)]
    b.add(vms[bad] + "/serial_port_1.txt", SC)
    b.add(vms[0] + "/gcloud_operations.txt", ["NAME                                                  TYPE                         TARGET                                      HTTP_STATUS  STATUS  TIMESTAMP",
                                              "systemevent-1756540974871-63e7a1b2c3d4e-5f6a7b8c-9d0e1f2a  compute.instances.hostError  us-east4-a/instances/a3-pretrain-2  200          DONE    %s" % clk.iso(t_f + 4, z=False).replace("T", "T") + "-07:00" if False else
                                              "systemevent-1756540974871-63e7a1b2c3d4e-5f6a7b8c-9d0e1f2a  compute.instances.hostError  us-east4-a/instances/a3-pretrain-2  200          DONE    %s" % clk.iso(t_f + 4),
                                              "# statusMessage: Instance terminated by Compute Engine due to a host error. The instance was restarted on a new host."])
    b.add(vms[3] + "/dmesg_T.txt", ["%s EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#0_DIMM#1" % clk.dmesg_T(1200)] if False else
          ["%s gve 0000:00:05.0: Device link is up." % clk.dmesg_T(-90000), "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07" % clk.dmesg_T(-89990)])
    b.set_label("host", "infrastructure", vms[bad], None, "restart_without_node",
                "a3-pretrain-2's log simply stops and peers report TCPX timeouts/TCPStore heartbeat loss towards it; only its serial console explains why: a fatal machine check (processor context corrupt) and kernel panic, confirmed by a compute.instances.hostError operation, i.e. the host hardware under that VM failed.",
                "https://www.kernel.org/doc/html/latest/admin-guide/ras.html")


CASES = [("q21_checkpoint_save_fails_every_rank", q21), ("q22_dataloader_s3_errors_both_attempts", q22),
         ("q23_every_pod_fails_at_import", q23), ("q24_one_node_ranks_fail_cuda_init", q24),
         ("q25_resume_fails_on_every_retry", q25), ("q26_crash_after_four_hours_dataloader", q26),
         ("q27_job_completed_with_gpu_notices", q27), ("q28_ray_job_completed_warning_flood", q28),
         ("q29_one_rank_oom_at_first_step", q29), ("q30_one_vm_silent_then_peers_time_out", q30)]
