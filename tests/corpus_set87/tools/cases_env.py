"""Environment cases: driver/image/dependency, OOM, node memory, local disk."""

CONDA = "/opt/conda/lib/python3.10/site-packages"

import random

from kit import (PY, T, plus, k8s_ts, glog, elastic, pylog, dmesg, dmesg_T,
                 syslog, pods_wide, events, describe_pod, tb, rank_prefix,
                 watchdog_timeout, child_failed, sigterm_lines, nccl_init,
                 nvsmi_table, lines, Log, dumps, table)


# =========================================================================
def cf07():
    """kubeadm cluster, Ubuntu nodes; unattended-upgrade broke one node's NVML."""
    job = "detr-xl"
    nodes = ["k8s-gpu-a100-03", "k8s-gpu-a100-05", "k8s-gpu-a100-07", "k8s-gpu-a100-08"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job, "%s-worker-2" % job]
    ips = ["10.32.3.14", "10.32.5.22", "10.32.7.9", "10.32.8.31"]
    t0 = T(2024, 4, 9, 7, 2, 11)
    bad = 2
    files = {}
    for n in range(4):
        if n == bad:
            continue
        L = Log()
        L.add(t0, elastic("I", t0, 140066, "torch/distributed/run.py:757", "Using nproc_per_node=8."))
        L.add(plus(t0, 3), "[%s] INFO train.py:88 -> building model detr_xl (backbone=swin_l)" % pylog(plus(t0, 3)))
        if n == 0:
            te = plus(t0, 1805)
            L.add(te, rank_prefix(0, tb([
                ("/workspace/train.py", 312, "<module>", "main(cfg)"),
                ("/workspace/train.py", 141, "main", "dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))"),
                (PY + "/torch/distributed/c10d_logger.py", 79, "wrapper", "return func(*args, **kwargs)"),
                (PY + "/torch/distributed/distributed_c10d.py", 1305, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                (PY + "/torch/distributed/rendezvous.py", 246, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)"),
                (PY + "/torch/distributed/rendezvous.py", 174, "_create_c10d_store", "return TCPStore("),
            ], "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined.")))
        else:
            te = plus(t0, 1806 + n)
            L.add(te, rank_prefix(n * 8, tb([
                ("/workspace/train.py", 141, "main", "dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))"),
                (PY + "/torch/distributed/rendezvous.py", 174, "_create_c10d_store", "return TCPStore("),
            ], "torch.distributed.DistNetworkError: Connection reset by peer")))
        L.add(plus(te, 2), elastic("E", plus(te, 2), 140066, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: 1) local_rank: 0 (pid: 52) of binary: /usr/bin/python"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    msg = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\n"
           "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown")
    files["%s/describe-pod-%s.txt" % (nodes[bad], pods[bad])] = describe_pod(
        pods[bad], "vision", nodes[bad], "10.20.0.37", ips[bad], t0,
        "registry.internal/vision/detr:24.03-py3",
        ["State:          Waiting", "  Reason:       CrashLoopBackOff"],
        ["Last State:     Terminated", "  Reason:       StartError",
         "  Message:      " + msg.replace("\n", "\n                "),
         "  Exit Code:    128", "  Started:      Thu, 01 Jan 1970 00:00:00 +0000",
         "  Finished:     Tue, 09 Apr 2024 07:31:44 +0000"],
        restarts=6, status="Pending",
        labels={"training.kubeflow.org/job-name": job, "training.kubeflow.org/replica-type": "worker", "training.kubeflow.org/replica-index": "1"},
        events_rows=[("Normal", "Scheduled", "30m", "default-scheduler", "Successfully assigned vision/%s to %s" % (pods[bad], nodes[bad])),
                     ("Normal", "Pulled", "29m (x7 over 30m)", "kubelet", "Container image \"registry.internal/vision/detr:24.03-py3\" already present on machine"),
                     ("Warning", "Failed", "29m (x7 over 30m)", "kubelet", "Error: " + msg.split("\n")[0] + " nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown"),
                     ("Warning", "BackOff", "2m (x131 over 29m)", "kubelet", "Back-off restarting failed container pytorch in pod %s_vision" % pods[bad])])
    files["%s/nvidia-smi.txt" % nodes[bad]] = "Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 535.183\n"
    files["%s/dmesg.txt" % nodes[bad]] = lines(
        dmesg(1554021.6, "NVRM: API mismatch: the client has the version 535.183.01, but"),
        dmesg(1554021.6, "NVRM: this kernel module has the version 535.161.07.  Please"),
        dmesg(1554021.6, "NVRM: make sure that this kernel module and all NVIDIA driver"),
        dmesg(1554021.6, "NVRM: components have the same version."),
    )
    files["%s/apt-history.log" % nodes[bad]] = lines(
        "Start-Date: 2024-04-09  06:14:02",
        "Commandline: /usr/bin/unattended-upgrade",
        "Upgrade: libnvidia-compute-535:amd64 (535.161.07-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), nvidia-utils-535:amd64 (535.161.07-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), libnvidia-cfg1-535:amd64 (535.161.07-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1)",
        "End-Date: 2024-04-09  06:14:39",
    )
    for n in (0, 1, 3):
        files["%s/nvidia-smi.txt" % nodes[n]] = nvsmi_table([dict(temp=33 + i, perf="P0", pwr=62, cap=400, mem=4, util=0) for i in range(8)],
                                                          driver="535.161.07", cuda="12.2", stamp="Tue Apr  9 07:40:18 2024", name="NVIDIA A100-SXM4-80GB")
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "CrashLoopBackOff" if i == bad else "Error", "6" if i == bad else "0", "38m", ips[i], nodes[i]) for i in range(4)])
    label = dict(category="dependency", layer="infrastructure", culprit={"node": nodes[bad], "rank": None},
                 action="restart_without_node",
                 rationale="Only the pod on k8s-gpu-a100-07 never started: its container hook failed with NVML driver/library mismatch after unattended-upgrade moved that node's userspace to 535.183 while the loaded module is 535.161; the other three pods just waited in rendezvous (24/32 clients joined) and timed out.",
                 modelled_on="https://github.com/lyulyul/shine-cluster/issues/30")
    return "cf07_rendezvous_24_of_32_clients_then_timeout", label, files


# =========================================================================
def cf08():
    """GKE V100 node pool (driver 470), new image with cu121 wheels on every pod."""
    job = "asr-conformer"
    nodes = ["gke-ml-v100-pool-8c1d2e3f-4hq1", "gke-ml-v100-pool-8c1d2e3f-9mzl", "gke-ml-v100-pool-8c1d2e3f-c2xw"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job]
    ips = ["10.60.1.4", "10.60.2.11", "10.60.3.7"]
    t0 = T(2024, 6, 27, 15, 33, 40)
    files = {}
    for n in range(3):
        L = Log()
        L.add(t0, "The following values were not passed to `accelerate launch` and had defaults used instead:")
        L.add(t0, "\t`--dynamo_backend` was set to a value of `'no'`")
        L.add(t0, "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.")
        for lr in range(8):
            tt = plus(t0, 6 + lr * 0.05)
            L.add(tt, rank_prefix(n * 8 + lr, tb([
                ("/app/train_asr.py", 402, "<module>", "main()"),
                ("/app/train_asr.py", 233, "main", "accelerator = Accelerator(mixed_precision=\"fp16\", log_with=\"tensorboard\", project_dir=args.output_dir)"),
                (CONDA + "/accelerate/accelerator.py", 383, "__init__", "self.state = AcceleratorState("),
                (CONDA + "/accelerate/state.py", 846, "__init__", "PartialState(cpu, **kwargs)"),
                (CONDA + "/accelerate/state.py", 249, "__init__", "torch.cuda.set_device(self.device)"),
                (CONDA + "/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                (CONDA + "/torch/cuda/__init__.py", 293, "_lazy_init", "torch._C._cuda_init()"),
            ], "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.") if lr in (0, 3) else [
                "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."]))
        te = plus(t0, 9)
        L.add(te, elastic("E", te, 139901, "torch/distributed/elastic/multiprocessing/api.py:826", "failed (exitcode: 1) local_rank: 0 (pid: 41) of binary: /opt/conda/bin/python"))
        L.add(te, child_failed("train_asr.py", [dict(host=pods[n], rank=n * 8 + i, local_rank=i, exitcode=1, pid=41 + i) for i in range(1, 8)],
                               dict(host=pods[n], rank=n * 8, local_rank=0, exitcode=1, pid=41), te, py=CONDA))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
        files["%s/nvidia-smi.txt" % nodes[n]] = nvsmi_table([dict(temp=30 + i, perf="P0", pwr=42, cap=300, mem=0, util=0) for i in range(8)],
                                                          driver="470.223.02", cuda="11.4", stamp="Thu Jun 27 15:40:02 2024", name="Tesla V100-SXM2-16GB")
    files["pytorchjob.yaml"] = lines(
        "apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: asr-conformer", "  namespace: speech",
        "spec:", "  pytorchReplicaSpecs:", "    Master:", "      replicas: 1", "      template:", "        spec:",
        "          nodeSelector:", "            cloud.google.com/gke-accelerator: nvidia-tesla-v100",
        "          containers:", "          - name: pytorch",
        "            image: us-docker.pkg.dev/acme-speech/train/asr:2024.06.27   # was asr:2024.04.02 (cu118)",
        "            command: [\"accelerate\", \"launch\", \"--multi_gpu\", \"--num_machines\", \"3\", \"--num_processes\", \"24\", \"train_asr.py\"]",
        "    Worker:", "      replicas: 2", "      template: {...same image...}",
    )
    files["image-build.txt"] = lines(
        "Step 1/14 : FROM pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime",
        " ---> 4b8a0e3d7c21",
        "Step 6/14 : RUN pip install -r requirements.txt",
        "Successfully installed accelerate-0.31.0 torchaudio-2.3.0+cu121 ...",
        "Successfully tagged us-docker.pkg.dev/acme-speech/train/asr:2024.06.27",
    )
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Error", "0", "2m", ips[i], nodes[i]) for i in range(3)])
    label = dict(category="dependency", layer="framework", culprit=None, action="stop",
                 rationale="All 24 ranks on all three nodes fail at CUDA init with 'driver too old (found 11040)': the new image ships cu121 wheels while the V100 node pool runs driver 470 (CUDA 11.4). Same error everywhere means the job's image, not a node.",
                 modelled_on="https://github.com/NVIDIA/gpu-operator/issues/415")
    return "cf08_all_ranks_driver_too_old_at_start", label, files


# =========================================================================
def cf09():
    """PyTorchJob whose entrypoint pip-installs a pinned torch over the image's."""
    job = "llava-ft"
    nodes = ["aks-gpua100-18273645-vmss000004", "aks-gpua100-18273645-vmss000006"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job]
    ips = ["10.244.4.19", "10.244.6.8"]
    t0 = T(2024, 10, 2, 12, 0, 4)
    files = {}
    for n in range(2):
        L = Log()
        L.add(t0, "+ pip install --no-cache-dir -r /workspace/requirements.txt")
        L.add(plus(t0, 2), "Collecting torch==2.1.2 (from -r /workspace/requirements.txt (line 3))")
        L.add(plus(t0, 2), "  Downloading torch-2.1.2-cp310-cp310-manylinux1_x86_64.whl.metadata (25 kB)")
        L.add(plus(t0, 9), "Requirement already satisfied: flash-attn==2.5.8 in /usr/local/lib/python3.10/dist-packages (from -r /workspace/requirements.txt (line 5)) (2.5.8)")
        L.add(plus(t0, 71), "Attempting uninstall: torch")
        L.add(plus(t0, 71), "    Found existing installation: torch 2.3.0a0+ebedce2")
        L.add(plus(t0, 75), "    Uninstalling torch-2.3.0a0+ebedce2:")
        L.add(plus(t0, 79), "      Successfully uninstalled torch-2.3.0a0+ebedce2")
        L.add(plus(t0, 118), "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.")
        L.add(plus(t0, 118), "torchvision 0.18.0a0 requires torch==2.3.0a0+ebedce2, but you have torch 2.1.2 which is incompatible.")
        L.add(plus(t0, 118), "transformer-engine 1.5.0+6a9edc3 requires torch>=2.2, but you have torch 2.1.2 which is incompatible.")
        L.add(plus(t0, 118), "Successfully installed nvidia-nccl-cu12-2.18.1 torch-2.1.2 triton-2.1.0")
        L.add(plus(t0, 120), "+ torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint llava-ft-master-0:29400 train.py --config configs/llava_13b_ft.yaml")
        for lr in range(8):
            tt = plus(t0, 131 + lr * 0.04)
            body = ["ImportError: /usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi"]
            if lr == 0:
                body = tb([
                    ("/workspace/train.py", 14, "<module>", "from llava.model import LlavaLlamaForCausalLM"),
                    ("/workspace/llava/model/language_model/llava_llama.py", 22, "<module>", "from flash_attn import flash_attn_varlen_qkvpacked_func"),
                    (PY + "/flash_attn/__init__.py", 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                    (PY + "/flash_attn/flash_attn_interface.py", 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda"),
                ], body[0])
            L.add(tt, rank_prefix(n * 8 + lr, body))
        te = plus(t0, 134)
        L.add(te, elastic("E", te, 139780, "torch/distributed/elastic/multiprocessing/api.py:826", "failed (exitcode: 1) local_rank: 0 (pid: 412) of binary: /usr/bin/python"))
        L.add(te, child_failed("train.py", [dict(host=pods[n], rank=n * 8 + i, local_rank=i, exitcode=1, pid=412 + i) for i in range(1, 8)],
                               dict(host=pods[n], rank=n * 8, local_rank=0, exitcode=1, pid=412), te))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["requirements.txt"] = lines(
        "# llava-ft requirements", "# pin torch to match the laptop env where the eval numbers were produced",
        "torch==2.1.2", "transformers==4.37.2", "flash-attn==2.5.8", "deepspeed==0.12.6", "sentencepiece", "einops")
    files["pytorchjob.yaml"] = lines(
        "spec:", "  pytorchReplicaSpecs:", "    Master:", "      template:", "        spec:", "          containers:",
        "          - name: pytorch", "            image: nvcr.io/nvidia/pytorch:24.04-py3",
        "            command: [\"bash\", \"-c\", \"set -x; pip install --no-cache-dir -r /workspace/requirements.txt && torchrun ... train.py\"]")
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Error", "0", "4m", ips[i], nodes[i]) for i in range(2)])
    label = dict(category="dependency", layer="script", culprit=None, action="stop",
                 rationale="Every rank on both nodes fails importing flash_attn_2_cuda (undefined symbol): the job's own requirements.txt pins torch==2.1.2 over the NGC image's torch 2.3, breaking the image's flash-attn build. The user's pin, not a node or the base image.",
                 modelled_on="https://github.com/Dao-AILab/flash-attention/issues/723")
    return "cf09_import_error_undefined_symbol_every_rank", label, files


# =========================================================================
def cf10():
    """JobSet on GKE A3, torchtitan, seq_len raised; OOM at step 1, twice."""
    nodes_a = ["gke-a3-train-np-4f1e9a20-1mkp", "gke-a3-train-np-4f1e9a20-5szd", "gke-a3-train-np-4f1e9a20-8ngv", "gke-a3-train-np-4f1e9a20-tq3b"]
    nodes_b = ["gke-a3-train-np-4f1e9a20-5szd", "gke-a3-train-np-4f1e9a20-1mkp", "gke-a3-train-np-4f1e9a20-x0rw", "gke-a3-train-np-4f1e9a20-8ngv"]
    files = {}
    for att, (nodes, t0) in enumerate(((nodes_a, T(2024, 12, 4, 10, 0, 0)), (nodes_b, T(2024, 12, 4, 10, 9, 31))), 1):
        pods = ["titan-8b-long-workers-0-%d-%s" % (i, s) for i, s in enumerate(["b2k9d", "mm7xq", "0pz4c", "r8e1v"] if att == 1 else ["h6t2w", "9qaz1", "ww3kd", "c5n0j"])]
        for n in range(4):
            L = Log()
            L.add(t0, "[titan] %s - root - INFO - Starting job: Llama 3 8B long-context" % pylog(t0))
            L.add(plus(t0, 1), "[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]" % pylog(plus(t0, 1)))
            L.add(plus(t0, 40), "[titan] %s - root - INFO - Applied FSDP to the model" % pylog(plus(t0, 40)))
            L.add(plus(t0, 44), "[titan] %s - root - INFO - CUDA memory usage for model: 1.96GiB(2.48%%)" % pylog(plus(t0, 44)))
            L.add(plus(t0, 45), "[titan] %s - root - INFO - Training starts at step 1, with local batch size 1, global batch size 32, sequence length 32768, total steps 20000 (warmup 200)" % pylog(plus(t0, 45)))
            for lr in range(8):
                rk = n * 8 + lr
                tt = plus(t0, 61 + lr * 0.02 + n * 0.1)
                free = 9.19 - (lr % 3) * 0.4
                msg = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. Process %d has %.2f GiB memory in use. Of the allocated memory 61.32 GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                       % (lr, free, 300 + lr, 79.11 - free - 0.01, 79.11 - free - 61.33))
                if lr in (0, 5):
                    body = tb([("/opt/torchtitan/train.py", 348, "main", "loss.backward()"),
                               (PY + "/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
                               (PY + "/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
                               ("/opt/torchtitan/torchtitan/models/llama/model.py", 201, "forward", "scores = torch.matmul(xq, xk.transpose(2, 3)) / math.sqrt(self.head_dim)")], msg)
                else:
                    body = [msg]
                L.add(tt, rank_prefix(rk, body))
            te = plus(t0, 66)
            L.add(te, elastic("E", te, 140431, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: 1) local_rank: 0 (pid: 300) of binary: /usr/bin/python"))
            files["attempt_%d/%s/%s.log" % (att, nodes[n], pods[n])] = L.text(True)
        files["attempt_%d/kubectl-get-pods.txt" % att] = pods_wide([(pods[i], "0/1", "Error", "0", "1m", "10.8.%d.%d" % (i, 10 + att), nodes[i]) for i in range(4)])
    files["train_configs/llama3_8b_long.toml"] = lines(
        "[job]", "description = \"Llama 3 8B long-context\"", "", "[model]", "name = \"llama3\"", "flavor = \"8B\"",
        "", "[training]", "batch_size = 1", "seq_len = 32768        # was 8192 in llama3_8b.toml", "data_parallel_shard_degree = -1",
        "", "[activation_checkpoint]", "mode = \"none\"", "", "[experimental]", "context_parallel_degree = 1")
    files["kubectl-get-events.txt"] = events([
        ("12m", "Normal", "Restarting", "jobset/titan-8b-long", "restarting jobset: 1 of 2 restarts (job titan-8b-long-workers-0 failed)"),
        ("2m", "Warning", "FailedJobs", "jobset/titan-8b-long", "jobset titan-8b-long failed: reached maximum number of restarts (1)")])
    label = dict(category="oom", layer="framework", culprit=None, action="stop",
                 rationale="All 32 ranks raise CUDA OOM in the first backward on both attempts, on different node sets; the config raised seq_len to 32768 with no activation checkpointing or context parallelism. The job's own memory footprint, deterministic.",
                 modelled_on="https://github.com/foundation-model-stack/fms-hf-tuning/issues/471")
    return "cf10_oom_first_step_all_ranks_twice", label, files


# =========================================================================
def cf11():
    """Kubeflow PyTorchJob; container memory limit hit by dataloader workers."""
    job = "clip-laion"
    nodes = ["ip-10-0-41-7.ec2.internal", "ip-10-0-44-190.ec2.internal", "ip-10-0-47-33.ec2.internal", "ip-10-0-40-101.ec2.internal"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job, "%s-worker-2" % job]
    ips = ["10.0.41.80", "10.0.44.201", "10.0.47.19", "10.0.40.166"]
    t0 = T(2024, 7, 30, 1, 0, 0)
    tf = T(2024, 7, 30, 4, 11, 9)
    oomed = {1: plus(tf, 0), 3: plus(tf, 47)}
    files = {}
    for n in range(4):
        L = Log()
        L.add(t0, "%s | open_clip | INFO | Running in distributed mode with multiple processes. Device: cuda:0.Process (global: %d, local 0), total 32." % (pylog(t0), n * 8))
        L.add(t0, "%s | open_clip | INFO | workers: 14, batch_size: 256, dataset_resampled: False" % pylog(t0))
        for k in range(0, 12):
            tt = plus(t0, 300 + k * 960)
            if tt < tf:
                rss = 61.0 + k * 14.2 + n * 1.3
                L.add(tt, "%s | open_clip | INFO | Train Epoch: 0 [%8d/400000000 (%d%%)] Data (t): 0.%03d Batch (t): 1.412, 5802.1/s, 181.3/s/gpu LR: 0.000500 Logit Scale: 28.112 Contrastive_loss: %.4f (%.4f) Loss: %.4f host_rss_gib=%.1f" % (
                    pylog(tt), (k + 1) * 5570000, k, 40 + k, 4.1 - k * 0.09, 4.3 - k * 0.08, 4.1 - k * 0.09, rss))
        if n in oomed:
            tt = oomed[n]
            for lr in (2, 5):
                rk = n * 8 + lr
                L.add(plus(tt, 0.5 + lr * 0.1), rank_prefix(rk, tb([
                    ("/opt/open_clip/src/training/train.py", 88, "train_one_epoch", "for i, batch in enumerate(dataloader):"),
                    (PY + "/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
                    (PY + "/torch/utils/data/dataloader.py", 1329, "_next_data", "idx, data = self._get_data()"),
                    (PY + "/torch/utils/data/dataloader.py", 1295, "_get_data", "success, data = self._try_get_data()"),
                    (PY + "/torch/utils/data/dataloader.py", 1146, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e"),
                ], "RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % (90311 + lr * 37 + n))))
        else:
            tt = plus(tf, 600.4 + n)
            L.add(tt, watchdog_timeout(n * 8, tt, 44021, "ALLREDUCE", 1024, frames=False))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
        if n in oomed:
            tt = oomed[n]
            files["%s/dmesg-T.txt" % nodes[n]] = lines(
                dmesg_T(tt, "pt_data_worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=-997"),
                dmesg_T(tt, "memory: usage 268435456kB, limit 268435456kB, failcnt 40211"),
                dmesg_T(tt, "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-%s.scope,mems_allowed=0-1,oom_memcg=/kubepods.slice/kubepods-pod7c2e0d1f_%d.slice,task_memcg=/kubepods.slice/kubepods-pod7c2e0d1f_%d.slice/cri-containerd-%s.scope,task=pt_data_worker,pid=%d,uid=0" % ("5e1a%04d" % n, n, n, "5e1a%04d" % n, 90311 + 2 * 37 + n)),
                dmesg_T(tt, "Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:71233104kB, anon-rss:11843312kB, file-rss:81220kB, shmem-rss:9216kB, UID:0 pgtables:24108kB oom_score_adj:-997" % (90311 + 2 * 37 + n)),
            )
            files["%s/describe-pod.txt" % nodes[n]] = describe_pod(
                pods[n], "vlm", nodes[n], "10.0.%d.5" % (41 + n), ips[n], t0, "123456789012.dkr.ecr.us-east-1.amazonaws.com/open-clip:2.24",
                ["State:          Terminated", "  Reason:       OOMKilled", "  Exit Code:    137",
                 "  Started:      Tue, 30 Jul 2024 01:00:00 +0000", "  Finished:     %s" % plus(oomed[n], 4).strftime("%a, %d %b %Y %H:%M:%S +0000")],
                status="Failed", qos="Guaranteed", limits={"cpu": "96", "memory": "256Gi", "nvidia.com/gpu": "8"},
                events_rows=[("Normal", "Killing", "7m", "kubelet", "Stopping container pytorch")])
    files["describe-node-%s.txt" % "conditions"] = lines(
        "# kubectl describe node %s | sed -n '/Conditions/,/Addresses/p'" % nodes[1],
        "Conditions:",
        "  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
        "  MemoryPressure   False   Tue, 30 Jul 2024 04:20:31 +0000   Mon, 22 Jul 2024 09:14:02 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available",
        "  DiskPressure     False   Tue, 30 Jul 2024 04:20:31 +0000   Mon, 22 Jul 2024 09:14:02 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure",
        "  Ready            True    Tue, 30 Jul 2024 04:20:31 +0000   Mon, 22 Jul 2024 09:14:32 +0000   KubeletReady                 kubelet is posting ready status",
        "Capacity:", "  memory:             2097152000Ki", "Allocatable:", "  memory:             2047520512Ki")
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "OOMKilled" if i in oomed else "Error", "0", "3h21m", ips[i], nodes[i]) for i in range(4)])
    label = dict(category="oom", layer="framework", culprit=None, action="stop",
                 rationale="Two pods on different nodes were OOMKilled (exit 137) by their own 256Gi container cgroup (CONSTRAINT_MEMCG, pt_data_worker), after host RSS logged by every rank climbed steadily; the nodes had no memory pressure. 14 workers x 8 ranks outgrow the pod limit: the job's own data loaders.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/5902")
    return "cf11_two_pods_oomkilled_exit_137", label, files


# =========================================================================
def cf12():
    """EKS node shared with a host-level preprocessing process; kernel OOM killer."""
    job = "whisper-ft"
    nodes = ["ip-10-0-12-34.ec2.internal", "ip-10-0-13-201.ec2.internal"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job]
    ips = ["10.0.12.140", "10.0.13.66"]
    t0 = T(2024, 2, 15, 13, 30, 0)
    tf = T(2024, 2, 15, 16, 2, 40)
    bad = 1
    files = {}
    for n in range(2):
        L = Log()
        for k in range(12):
            tt = plus(t0, 200 + k * 780)
            if tt < tf and n == 0:
                L.add(tt, "{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (0.62 - k * 0.01, 1.9, 1e-5, 0.1 + k * 0.05))
        if n == bad:
            tt = plus(tf, 0.2)
            L.add(tt, elastic("W", tt, 140881, "torch/distributed/elastic/multiprocessing/api.py:897", "Sending process 2012 closing signal SIGTERM"))
            L.add(tt, elastic("E", plus(tt, 3), 140881, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -9) local_rank: 3 (pid: 2015) of binary: /usr/bin/python"))
            L.add(plus(tt, 3), child_failed("finetune.py", [], dict(host=pods[n], rank=8 + 3, local_rank=3, exitcode=-9, pid=2015, traceback="Signal 9 (SIGKILL) received by PID 2015"), plus(tt, 3)))
        else:
            tt = plus(tf, 1800.2)
            L.add(tt, watchdog_timeout(0, tt, 12880, "ALLREDUCE", 2048, timeout_ms=1800000))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["%s/dmesg-T.txt" % nodes[bad]] = lines(
        dmesg_T(plus(tf, -1), "python invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=936"),
        dmesg_T(plus(tf, -1), "Mem-Info:"),
        dmesg_T(plus(tf, -1), "active_anon:487122880 inactive_anon:3182011 isolated_anon:0"),
        dmesg_T(plus(tf, -1), "Tasks state (memory values in pages):"),
        dmesg_T(plus(tf, -1), "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"),
        dmesg_T(plus(tf, -1), "[   3411]     0  3411   412233    18220   630784        0          -999 kubelet"),
        dmesg_T(plus(tf, -1), "[  88213]  1003 88213 418220111 401227040 3233935360        0             0 python3"),
        dmesg_T(plus(tf, -1), "[   2012]     0  2012 31228871  9988120 84312064        0           936 python"),
        dmesg_T(plus(tf, -1), "[   2015]     0  2015 31401226 10122310 85123072        0           936 python"),
        dmesg_T(plus(tf, -1), "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod3e0f1c2a.slice/cri-containerd-a81c.scope,task=python,pid=2015,uid=0"),
        dmesg_T(plus(tf, -1), "Out of memory: Killed process 2015 (python) total-vm:125604904kB, anon-rss:40489240kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:83128kB oom_score_adj:936"),
    )
    files["%s/ps-aux-top-mem.txt" % nodes[bad]] = lines(
        "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
        "dlee       88213  612 79.8 1672880444 1604908160 pts/3 Rl+ 14:51  448:10 python3 preprocess_shards.py --in s3://speech-raw/2024-02 --workers 96 --cache-in-memory",
        "root        2012 99.1  1.9 124915484 39952480 ?  Sl   13:30 150:44 /usr/bin/python -u finetune.py --deepspeed ds_z2.json",
        "root        3411  2.1  0.0 2315644 184220 ?      Ssl  Feb01 512:01 /usr/bin/kubelet --config /etc/kubernetes/kubelet/kubelet-config.json",
        "",
        "$ who",
        "dlee     pts/3        2024-02-15 14:49 (10.0.0.17)")
    files["%s/describe-node.txt" % nodes[bad]] = lines(
        "Conditions:",
        "  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                      Message",
        "  MemoryPressure   True    Thu, 15 Feb 2024 16:03:11 +0000   Thu, 15 Feb 2024 16:01:58 +0000   KubeletHasInsufficientMemory   kubelet has insufficient memory available",
        "Events:",
        "  Type     Reason                     Age   From     Message",
        "  Warning  EvictionThresholdMet       12m   kubelet  Attempting to reclaim memory",
        "  Normal   NodeHasInsufficientMemory  12m   kubelet  Node %s status is now: NodeHasInsufficientMemory" % nodes[bad])
    files["kubectl-get-events.txt"] = events([
        ("12m", "Warning", "Evicted", "pod/%s" % pods[bad], "The node was low on resource: memory. Threshold quantity: 100Mi, available: 51200Ki. Container pytorch was using 61Gi, which exceeds its request of 32Gi."),
        ("12m", "Normal", "Killing", "pod/%s" % pods[bad], "Stopping container pytorch"),
        ("12m", "Warning", "PyTorchJobFailed", "pytorchjob/%s" % job, "PyTorchJob whisper-ft is failed because 1 Worker replica(s) failed.")])
    files["kubectl-get-pods.txt"] = pods_wide([(pods[0], "0/1", "Error", "0", "2h45m", ips[0], nodes[0]), (pods[1], "0/1", "Evicted", "0", "2h45m", ips[1], nodes[1])])
    label = dict(category="host", layer="infrastructure", culprit={"node": nodes[bad], "rank": None},
                 action="restart_without_node",
                 rationale="On ip-10-0-13-201 a host-level python3 run by another user outside Kubernetes (preprocess_shards.py, ~1.6 TB RSS) filled memory; the global OOM killer (CONSTRAINT_NONE) shot the training rank and kubelet evicted the pod under MemoryPressure. The job used ~40 GiB per rank; the foreign process is the cause, on that node.",
                 modelled_on="https://github.com/ZettaAI/zetta_utils/issues/524")
    return "cf12_worker_evicted_and_rank_sigkill", label, files


# =========================================================================
def cf16():
    """GKE A100 pool; one node's boot disk full of stale images; inductor cache ENOSPC."""
    job = "sdxl-ft"
    nodes = ["gke-ml-a100-pool-2-b7d19e44-2k7c", "gke-ml-a100-pool-2-b7d19e44-9fzk", "gke-ml-a100-pool-2-b7d19e44-m3pd"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job]
    ips = ["10.72.0.14", "10.72.1.33", "10.72.2.9"]
    t0 = T(2024, 10, 21, 18, 0, 0)
    tf = T(2024, 10, 21, 18, 4, 12)
    bad = 1
    files = {}
    for n in range(3):
        L = Log()
        L.add(t0, "%s - INFO - __main__ - Distributed environment: MULTI_GPU  Backend: nccl" % pylog(t0))
        L.add(plus(t0, 1), "%s - INFO - __main__ - Num processes: 24" % pylog(plus(t0, 1)))
        L.add(plus(t0, 60), "%s - INFO - __main__ - ***** Running training *****" % pylog(plus(t0, 60)))
        L.add(plus(t0, 60), "%s - INFO - __main__ -   Num examples = 1200000" % pylog(plus(t0, 60)))
        if n == bad:
            for lr in range(8):
                tt = plus(tf, lr * 0.3)
                body = ["torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                        "OSError: [Errno 28] No space left on device: '/tmp/torchinductor_root/triton/0/tmp.%d.%s'" % (41 + lr, "c7e1a%d" % lr),
                        "",
                        "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information"]
                if lr == 0:
                    body = tb([("/app/train_sdxl.py", 1188, "<module>", "main(args)"),
                               ("/app/train_sdxl.py", 1003, "main", "model_pred = unet(noisy_model_input, timesteps, prompt_embeds, added_cond_kwargs=unet_added_conditions).sample"),
                               (PY + "/torch/_dynamo/eval_frame.py", 451, "_fn", "return fn(*args, **kwargs)"),
                               (PY + "/torch/_inductor/codecache.py", 2733, "_load_kernel", "kernel.precompile()"),
                               (PY + "/triton/runtime/cache.py", 115, "put", "f.write(data)")], body[1]) + ["", "The above exception was the direct cause of the following exception:", ""] + body
                L.add(tt, rank_prefix(8 + lr, body))
            te = plus(tf, 4)
            L.add(te, elastic("E", te, 140021, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: 1) local_rank: 0 (pid: 88) of binary: /usr/bin/python3"))
        else:
            tt = plus(tf, 600.9 + n)
            L.add(tt, watchdog_timeout(n * 8, tt, 9, "BROADCAST", 2567463684 // 4, frames=False))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["%s/df-h.txt" % nodes[bad]] = lines(
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/root       2.0G  1.1G  920M  55% /",
        "/dev/sda1       485G  485G     0 100% /mnt/stateful_partition",
        "overlay         485G  485G     0 100% /var/lib/containerd/io.containerd.runtime.v2.task/k8s.io/6a1f.../rootfs",
        "tmpfs           680G   12K  680G   1% /dev/shm")
    files["%s/crictl-images.txt" % nodes[bad]] = table(["IMAGE", "TAG", "IMAGE ID", "SIZE"], [
        ["us-docker.pkg.dev/acme-gen/img/sdxl-train", "2024.10.21", "3f9a0c1e2b7d", "21.4GB"],
        ["us-docker.pkg.dev/acme-gen/img/sdxl-train", "2024.10.14", "a81e77c0d2f4", "21.3GB"],
        ["us-docker.pkg.dev/acme-gen/img/sdxl-train", "2024.10.07", "c02d6e91f3a8", "21.3GB"],
        ["us-docker.pkg.dev/acme-gen/eval/vlm-eval", "nightly-1017", "d7b2c4e8a901", "38.9GB"],
        ["us-docker.pkg.dev/acme-gen/eval/vlm-eval", "nightly-1016", "e61f0b3a7c25", "38.9GB"],
        ["us-docker.pkg.dev/acme-gen/eval/vlm-eval", "nightly-1015", "f4a9d2c6b180", "38.8GB"],
        ["nvcr.io/nvidia/pytorch", "24.09-py3", "9b3e1f7d0a44", "22.1GB"],
        ["(41 more images)", "", "", "271.6GB"]])
    files["%s/kubelet-journal.txt" % nodes[bad]] = lines(
        syslog(plus(tf, -400), nodes[bad], "kubelet[2231]", 'E1021 17:57:32.118822    2231 kubelet.go:1453] "Image garbage collection failed multiple times in a row" err="failed to garbage collect required amount of images. Attempted to free 102401238016 bytes, but only found 0 bytes eligible to free."'),
        syslog(plus(tf, 30), nodes[bad], "kubelet[2231]", 'I1021 18:04:42.551032    2231 eviction_manager.go:366] "Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"'),
        syslog(plus(tf, 30), nodes[bad], "kubelet[2231]", 'I1021 18:04:42.551910    2231 eviction_manager.go:377] "Eviction manager: must evict pod(s) to reclaim" resourceName="ephemeral-storage"'))
    files["kubectl-get-events.txt"] = events([
        ("25m", "Warning", "FreeDiskSpaceFailed", "node/%s" % nodes[bad], "Failed to garbage collect required amount of images. Attempted to free 102401238016 bytes, but only found 0 bytes eligible to free."),
        ("24m", "Normal", "NodeHasDiskPressure", "node/%s" % nodes[bad], "Node %s status is now: NodeHasDiskPressure" % nodes[bad]),
        ("10m", "Warning", "Evicted", "pod/%s" % pods[bad], "The node was low on resource: ephemeral-storage. Threshold quantity: 48527462236, available: 0. Container pytorch was using 9102Mi, which exceeds its request of 0."),
        ("10m", "Warning", "PyTorchJobFailed", "pytorchjob/%s" % job, "PyTorchJob sdxl-ft is failed because 1 Worker replica(s) failed.")])
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Evicted" if i == bad else "Error", "0", "14m", ips[i], nodes[i]) for i in range(3)])
    label = dict(category="storage", layer="infrastructure", culprit={"node": nodes[bad], "rank": None},
                 action="restart_without_node",
                 rationale="Only the 8 ranks on gke-...-9fzk hit 'No space left on device' writing the inductor cache; that node's stateful partition is 100% full of images from other jobs that image GC could not free (DiskPressure, eviction). Other pods only timed out in the first broadcast.",
                 modelled_on="https://github.com/kubernetes/kubernetes/issues/91600")
    return "cf16_one_pod_compile_enospc_then_evicted", label, files


CASES = [cf07, cf08, cf09, cf10, cf11, cf12, cf16]
