"""Cases cs01-cs10."""
import sys

sys.dont_write_bytecode = True

import json
import random

from common import (T, plus, iso, iso_ms, glog, pylog, ds_log, dmesg_line, kern_line, journal_line, nccl,
                    lines, prefix, torchrun_banner, torchrun_launch_config, torchrun_agent_fail, torchrun_sigterm,
                    child_failed, sacct, srun_step_cancel, nvsmi_q, make_gpus, free_m, ip_addr, mac,
                    H100_BUS, A100_BUS)


def label(cat, layer, node, rank, action, rationale, url):
    return {"category": cat, "layer": layer,
            "culprit": None if node is None else {"node": node, "rank": rank},
            "action": action, "rationale": rationale, "modelled_on": url}


def interleave(rng, blocks):
    """Interleave several lists of lines, keeping each list's internal order."""
    idx = [0] * len(blocks)
    out = []
    live = [i for i, b in enumerate(blocks) if b]
    while live:
        i = rng.choice(live)
        out.append(blocks[i][idx[i]])
        idx[i] += 1
        if idx[i] >= len(blocks[i]):
            live.remove(i)
    return out


# =====================================================================================
# cs01: flash-attn extension built against an older torch; every rank fails at import
# =====================================================================================
def cs01():
    rng = random.Random(10001)
    name = "cs01_flash_attn_undefined_symbol"
    nodes = ["gpu-a041", "gpu-a042", "gpu-a043", "gpu-a044"]
    job = 812345
    t0 = T(2024, 11, 5, 9, 12, 3, 512000)
    sbatch = """#!/bin/bash
#SBATCH --job-name=llm13b-pretrain
#SBATCH --partition=h100
#SBATCH --account=ml-res
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --time=48:00:00
#SBATCH --output=slurm-%j.out

# container bumped from 24.05 -> 24.10 on 2024-11-04 (ticket MLOPS-2291)
CONTAINER=nvcr.io#nvidia/pytorch:24.10-py3
# extra packages (flash-attn, einops, wandb) live in the shared overlay venv
VENV=/lustre/proj/llm/venvs/fa2-overlay

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
export MASTER_PORT=29500
export NCCL_DEBUG=WARN
export PYTHONUNBUFFERED=1

srun --label --container-image=$CONTAINER --container-mounts=/lustre:/lustre \\
  bash -c "source $VENV/bin/activate && \\
           python -c 'import sys,torch,importlib.metadata as m; print(\\"env:\\", sys.version.split()[0], \\"torch\\", torch.__version__, \\"flash-attn\\", m.version(\\"flash-attn\\"))' ; \\
           torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d \\
             --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT --rdzv_id=$SLURM_JOB_ID \\
             /lustre/proj/llm/code/llm13b/pretrain.py --config configs/13b_h100.yaml"
"""
    venv_readme = """fa2-overlay venv
================
created: 2024-06-11 by jdoe inside nvcr.io/nvidia/pytorch:24.05-py3 (torch 2.4.0a0+07cecf4168.nv24.05)
  python -m venv --system-site-packages /lustre/proj/llm/venvs/fa2-overlay
  pip install flash-attn==2.5.6 --no-build-isolation
  pip install einops==0.8.0 wandb==0.17.1
last modified: 2024-06-11
"""
    out = []
    out.append("pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.10-py3")
    out.append("pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.10-py3")
    # env banner printed by the python -c in the job (package metadata only, no extension import)
    pids = {}
    for i, n in enumerate(nodes):
        out.append("%d: env: 3.10.12 torch 2.5.0a0+e000cf0ad9.nv24.10 flash-attn 2.5.6" % i)
    for i, n in enumerate(nodes):
        pid = 41000 + rng.randint(0, 8000)
        pids[n] = pid
        out += prefix("%d: " % i, torchrun_banner(plus(t0, i * 0.2), pid))
    # rank tracebacks
    blocks = []
    fail_t = {}
    for i, n in enumerate(nodes):
        for lr in range(8):
            r = i * 8 + lr
            tb = [
                "[rank%d]: Traceback (most recent call last):" % r,
                '[rank%d]:   File "/lustre/proj/llm/code/llm13b/pretrain.py", line 22, in <module>' % r,
                "[rank%d]:     from llm13b.model import build_model" % r,
                '[rank%d]:   File "/lustre/proj/llm/code/llm13b/llm13b/model.py", line 9, in <module>' % r,
                "[rank%d]:     from flash_attn import flash_attn_func, flash_attn_varlen_func" % r,
                '[rank%d]:   File "/lustre/proj/llm/venvs/fa2-overlay/lib/python3.10/site-packages/flash_attn/__init__.py", line 3, in <module>' % r,
                "[rank%d]:     from flash_attn.flash_attn_interface import (" % r,
                '[rank%d]:   File "/lustre/proj/llm/venvs/fa2-overlay/lib/python3.10/site-packages/flash_attn/flash_attn_interface.py", line 10, in <module>' % r,
                "[rank%d]:     import flash_attn_2_cuda as flash_attn_cuda" % r,
                "[rank%d]: ImportError: /lustre/proj/llm/venvs/fa2-overlay/lib/python3.10/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi" % r,
            ]
            blocks.append(["%d: %s" % (i, l) for l in tb])
    out += interleave(rng, blocks)
    for i, n in enumerate(nodes):
        ft = plus(t0, 14 + i * 0.4 + rng.random())
        fail_t[n] = ft
        cpids = [pids[n] + 40 + k for k in range(8)]
        out.append("%d: %s" % (i, torchrun_agent_fail(ft, pids[n], 0, cpids[0],
                                                      binary="/lustre/proj/llm/venvs/fa2-overlay/bin/python")))
        fails = [(ft, i * 8, 0, 1, cpids[0])] + [(plus(ft, 0.01 * k), i * 8 + k, k, 1, cpids[k]) for k in range(1, 8)]
        out += prefix("%d: " % i, child_failed("/lustre/proj/llm/code/llm13b/pretrain.py", n, fails))
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    out.append("srun: Terminating StepId=%d.0" % job)
    files = {}
    files["job.sbatch"] = sbatch
    files["slurm-%d.out" % job] = lines(out)
    files["sacct.txt"] = lines(sacct(job, "llm13b-pretrain", "h100", "ml-res", [
        ("", "llm13b-pretrain", 384, "FAILED", "1:0", "00:01:12", "gpu-a[041-044]"),
        (".batch", "batch", 96, "FAILED", "1:0", "00:01:12", "gpu-a041"),
        (".extern", "extern", 384, "COMPLETED", "0:0", "00:01:12", "gpu-a[041-044]"),
        (".0", "bash", 384, "FAILED", "1:0", "00:00:58", "gpu-a[041-044]"),
    ]))
    files["venv-fa2-overlay-README.txt"] = venv_readme
    # node files: healthy GPUs, some unrelated lustre chatter
    for i, n in enumerate(nodes[:2]):
        g = make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)
        files["%s/nvidia-smi-q.txt" % n] = lines(nvsmi_q(plus(t0, 120), "550.90.07", "12.4", g))
    up = 412233.0
    files["gpu-a043/dmesg.txt"] = lines(
        dmesg_line(up - 9800, "LustreError: 11-0: lustre-OST0004-osc-ffff9a41c6b1c800: operation ost_connect to node 10.3.0.14@o2ib failed: rc = -16"),
        dmesg_line(up - 9790, "Lustre: lustre-OST0004-osc-ffff9a41c6b1c800: Connection restored to 10.3.0.14@o2ib (at 10.3.0.14@o2ib)"),
        dmesg_line(up - 120.4, "nvidia-peermem nv_mem_main: WARNING: Using nvidia-peermem is deprecated; use dma-buf instead"),
        dmesg_line(up + 61.8, "audit: type=1400 audit(1730797985.221:912): apparmor=\"DENIED\" operation=\"capable\" profile=\"/usr/sbin/cupsd\" pid=3121 comm=\"cupsd\" capability=12  capname=\"net_admin\""),
    )
    lab = label("dependency", "framework", None, None, "stop",
                "All 32 ranks on all four nodes die at import with 'flash_attn_2_cuda...so: undefined symbol: "
                "_ZN3c104cuda9SetDeviceEi' before any NCCL or GPU work. The overlay venv's flash-attn 2.5.6 was "
                "compiled in June against the 24.05 container's torch, but the job was moved to the 24.10 container "
                "(torch 2.5), an ABI mismatch in the job's library stack that no node change fixes; rebuild flash-attn "
                "for the new torch.",
                "https://github.com/Dao-AILab/flash-attention/issues/966")
    return name, files, lab


# =====================================================================================
# cs02: apex compiled for sm_80 only, run on H100 -> no kernel image (every pod, every retry)
# =====================================================================================
def cs02():
    rng = random.Random(10002)
    name = "cs02_apex_no_kernel_image_h100"
    job = "llm-sft-7b"
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job, "%s-worker-2" % job]
    nodes = ["h100-pool-c7x2p", "h100-pool-k9d4m", "h100-pool-q2w8z", "h100-pool-t5n1v"]
    ips = ["10.42.3.17", "10.42.7.41", "10.42.1.23", "10.42.5.9"]
    t0 = T(2025, 2, 18, 14, 2, 11, 0)
    dockerfile = """# syntax=docker/dockerfile:1
# built by CI runner ci-a100-03 (A100) -- see .gitlab-ci.yml job build-train-image
FROM pytorch/pytorch:2.3.1-cuda12.1-cudnn8-devel

ENV TORCH_CUDA_ARCH_LIST="8.0"
ENV MAX_JOBS=16

RUN apt-get update && apt-get install -y --no-install-recommends git ninja-build && rm -rf /var/lib/apt/lists/*
RUN git clone https://github.com/NVIDIA/apex /opt/apex && cd /opt/apex && git checkout 24.04.01 && \\
    pip install -v --disable-pip-version-check --no-cache-dir --no-build-isolation \\
      --config-settings "--build-option=--cpp_ext" --config-settings "--build-option=--cuda_ext" ./
COPY requirements.txt /tmp/requirements.txt
RUN pip install --no-cache-dir -r /tmp/requirements.txt
COPY sft/ /workspace/sft/
WORKDIR /workspace/sft
"""
    pytorchjob = """apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata:
  name: llm-sft-7b
  namespace: team-nlp
spec:
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      restartPolicy: OnFailure
      template:
        spec:
          nodeSelector:
            node.kubernetes.io/instance-type: gpu-h100-8x
          containers:
          - name: pytorch
            image: registry.corp.example/nlp/sft-train:2025.02.17-3
            command: ["torchrun", "--nproc_per_node=8", "train_sft.py", "--cfg", "cfg/7b_sft.yaml"]
            resources:
              limits:
                nvidia.com/gpu: 8
                memory: 900Gi
    Worker:
      replicas: 3
      restartPolicy: OnFailure
      template:
        spec:
          nodeSelector:
            node.kubernetes.io/instance-type: gpu-h100-8x
          containers:
          - name: pytorch
            image: registry.corp.example/nlp/sft-train:2025.02.17-3
            command: ["torchrun", "--nproc_per_node=8", "train_sft.py", "--cfg", "cfg/7b_sft.yaml"]
            resources:
              limits:
                nvidia.com/gpu: 8
                memory: 900Gi
  runPolicy:
    backoffLimit: 3
"""
    files = {"Dockerfile": dockerfile, "pytorchjob.yaml": pytorchjob}
    get_pods = ["NAME                    READY   STATUS             RESTARTS      AGE   IP           NODE"]
    for p, n, ip in zip(pods, nodes, ips):
        get_pods.append("%-23s %-7s %-18s %-13s %-5s %-12s %s" % (p, "0/1", "Error", "3 (41s ago)", "19m", ip, n))
    files["kubectl-get-pods.txt"] = lines(get_pods)
    files["kubectl-describe-pytorchjob.txt"] = lines(
        "Name:         llm-sft-7b",
        "Namespace:    team-nlp",
        "API Version:  kubeflow.org/v1",
        "Kind:         PyTorchJob",
        "Status:",
        "  Conditions:",
        "    Last Transition Time:  2025-02-18T14:02:01Z",
        "    Message:               PyTorchJob llm-sft-7b is created.",
        "    Reason:                PyTorchJobCreated",
        "    Type:                  Created",
        "    Last Transition Time:  2025-02-18T14:02:09Z",
        "    Message:               PyTorchJob llm-sft-7b is running.",
        "    Reason:                PyTorchJobRunning",
        "    Type:                  Running",
        "    Last Transition Time:  2025-02-18T14:20:47Z",
        "    Message:               PyTorchJob llm-sft-7b is failed because 1 Master replica(s) failed.",
        "    Reason:                PyTorchJobFailed",
        "    Type:                  Failed",
        "  Replica Statuses:",
        "    Master:",
        "      Failed:  1",
        "    Worker:",
        "      Failed:  3",
        "Events:",
        "  Type     Reason                   Age                From                   Message",
        "  ----     ------                   ----               ----                   -------",
        "  Normal   SuccessfulCreatePod      19m                pytorchjob-controller  Created pod: llm-sft-7b-master-0",
        "  Normal   SuccessfulCreatePod      19m                pytorchjob-controller  Created pod: llm-sft-7b-worker-0",
        "  Normal   SuccessfulCreatePod      19m                pytorchjob-controller  Created pod: llm-sft-7b-worker-1",
        "  Normal   SuccessfulCreatePod      19m                pytorchjob-controller  Created pod: llm-sft-7b-worker-2",
        "  Warning  ExitedWithCode           15m (x4 over 19m)  pytorchjob-controller  Pod: team-nlp.llm-sft-7b-master-0 exited with code 1",
        "  Warning  ExitedWithCode           11m (x4 over 19m)  pytorchjob-controller  Pod: team-nlp.llm-sft-7b-worker-1 exited with code 1",
        "  Normal   PyTorchJobRestarting     41s (x3 over 15m)  pytorchjob-controller  PyTorchJob llm-sft-7b is restarting because 1 Master replica(s) failed.",
        "  Warning  PyTorchJobFailed         1s                 pytorchjob-controller  PyTorchJob llm-sft-7b is failed because 1 Master replica(s) failed.",
    )
    # pod logs (last attempt)
    ta = plus(t0, 1080)
    for pi, (p, n) in enumerate(zip(pods, nodes)):
        pid = 1
        L = []
        L += torchrun_banner(ta, pid)
        L.append(pylog(plus(ta, 9), "INFO", "train_sft", "world_size=32 rank_offset=%d node=%s" % (pi * 8, n)))
        L.append(pylog(plus(ta, 9.2), "INFO", "train_sft", "apex available: FusedLayerNorm=True FusedAdam=True"))
        if pi == 0:
            L.append("%s:%d:%d [0] NCCL INFO NCCL version 2.20.5+cuda12.4" % (p, 57, 57))
        for lr in range(8):
            L.append(nccl(p, 57 + lr, 57 + lr, lr, "Bootstrap : Using eth0:%s<0>" % ips[pi]))
        for lr in range(0, 8, 3):
            L.append(nccl(p, 57 + lr, 310 + lr, lr, "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB ; OOB eth0:%s<0>" % ips[pi]))
            L.append(nccl(p, 57 + lr, 310 + lr, lr, "comm 0x5601c%05x rank %d nranks 32 cudaDev %d nvmlDev %d busId %s000 commId 0x7d2c913b65e0a1f4 - Init COMPLETE" % (
                rng.getrandbits(20), pi * 8 + lr, lr, lr, H100_BUS[lr].lower())))
        L.append(pylog(plus(ta, 31), "INFO", "train_sft", "loaded 1,842,113 sft samples from /data/sft/v7 (packed seq 4096)"))
        L.append(pylog(plus(ta, 33), "INFO", "train_sft", "model params: 6.74B, FusedLayerNorm + FusedAdam(lr=2e-05)"))
        blocks = []
        for lr in range(8):
            r = pi * 8 + lr
            blocks.append([
                "[rank%d]: Traceback (most recent call last):" % r,
                '[rank%d]:   File "/workspace/sft/train_sft.py", line 241, in <module>' % r,
                "[rank%d]:     main(cfg)" % r,
                '[rank%d]:   File "/workspace/sft/train_sft.py", line 188, in main' % r,
                "[rank%d]:     loss = model(**batch).loss" % r,
                '[rank%d]:   File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1532, in _wrapped_call_impl' % r,
                "[rank%d]:     return self._call_impl(*args, **kwargs)" % r,
                '[rank%d]:   File "/workspace/sft/modeling.py", line 97, in forward' % r,
                "[rank%d]:     h = self.input_layernorm(x)" % r,
                '[rank%d]:   File "/opt/conda/lib/python3.10/site-packages/apex/normalization/fused_layer_norm.py", line 416, in forward' % r,
                "[rank%d]:     return fused_rms_norm_affine(input, self.weight, self.normalized_shape, self.eps)" % r,
                '[rank%d]:   File "/opt/conda/lib/python3.10/site-packages/apex/normalization/fused_layer_norm.py", line 215, in fused_rms_norm_affine' % r,
                "[rank%d]:     return FusedRMSNormAffineFunction.apply(*args)" % r,
                '[rank%d]:   File "/opt/conda/lib/python3.10/site-packages/apex/normalization/fused_layer_norm.py", line 75, in forward' % r,
                "[rank%d]:     output, invvar = fused_layer_norm_cuda.rms_forward_affine(" % r,
                "[rank%d]: RuntimeError: CUDA error: no kernel image is available for execution on the device" % r,
                "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % r,
                "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % r,
                "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % r,
                "[rank%d]: " % r,
            ])
        L += interleave(rng, blocks)
        ft = plus(ta, 36 + rng.random())
        L.append(torchrun_agent_fail(ft, pid, 0, 88, binary="/opt/conda/bin/python"))
        fails = [(ft, pi * 8, 0, 1, 88)] + [(plus(ft, 0.02 * k), pi * 8 + k, k, 1, 88 + k) for k in range(1, 8)]
        L += child_failed("train_sft.py", p, fails)
        files["kubectl-logs-%s.txt" % p] = lines(L)
    g = make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)
    files["%s/nvidia-smi-q.txt" % nodes[0]] = lines(nvsmi_q(plus(t0, 1200), "550.54.15", "12.4", g))
    files["%s/nvidia-smi-q.txt" % nodes[2]] = lines(nvsmi_q(plus(t0, 1201), "550.54.15", "12.4",
                                                            make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)))
    lab = label("dependency", "framework", None, None, "stop",
                "Every rank on all four pods, on four different H100 nodes and on every one of the controller's "
                "retries, fails in apex's fused RMSNorm with 'no kernel image is available for execution on the "
                "device'; NCCL init was fine and the GPUs are healthy. The Dockerfile built apex with "
                "TORCH_CUDA_ARCH_LIST=\"8.0\" on an A100 CI runner, so the image has no sm_90 code: a library-stack "
                "build problem, not a node fault.",
                "https://github.com/NVIDIA/apex/issues/1592")
    return name, files, lab


# =====================================================================================
# cs03: one node re-imaged with an old driver (R470) -> torch says driver too old
# =====================================================================================
def cs03():
    rng = random.Random(10003)
    name = "cs03_driver_too_old_one_node"
    nodes = ["dgx017", "dgx018", "dgx019", "dgx020", "dgx021", "dgx022"]
    bad = "dgx020"
    bi = nodes.index(bad)
    job = 4471902
    t0 = T(2024, 8, 21, 22, 40, 5, 118000)
    sbatch = """#!/bin/bash
#SBATCH -J gpt-moe-pt
#SBATCH -p dgx
#SBATCH -N 6
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH --exclusive
#SBATCH -t 3-00:00:00
#SBATCH -o slurm-%j.out

module purge
source /shared/envs/moe-py311/bin/activate     # torch 2.4.0+cu121 wheels
export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_6,mlx5_7,mlx5_8,mlx5_9
export TORCH_NCCL_ASYNC_ERROR_HANDLING=1
head=$(scontrol show hostnames $SLURM_NODELIST | head -1)

srun --label torchrun --nnodes=$SLURM_NNODES --nproc_per_node=8 \\
     --rdzv_backend=c10d --rdzv_endpoint=${head}:29411 --rdzv_id=$SLURM_JOB_ID \\
     train_moe.py --cfg cfg/moe_16x3b.yaml --save /shared/ckpt/moe16x3b
"""
    out = []
    pids = {}
    for i, n in enumerate(nodes):
        pids[n] = 90000 + rng.randint(0, 9000)
        out += prefix("%d: " % i, torchrun_banner(plus(t0, 0.1 * i), pids[n]))
    for i, n in enumerate(nodes):
        out.append("%d: %s" % (i, glog("I", plus(t0, 6 + 0.1 * i), pids[n], "torch/distributed/elastic/agent/server/api.py:881",
                                        "[default] Rendezvous complete for workers. Result:")))
        out.append("%d: %s" % (i, glog("I", plus(t0, 6 + 0.1 * i), pids[n], "torch/distributed/elastic/agent/server/api.py:881",
                                        "  restart_count=0")))
        out.append("%d: %s" % (i, glog("I", plus(t0, 6 + 0.1 * i), pids[n], "torch/distributed/elastic/agent/server/api.py:881",
                                        "  master_addr=dgx017")))
        out.append("%d: %s" % (i, glog("I", plus(t0, 6 + 0.1 * i), pids[n], "torch/distributed/elastic/agent/server/api.py:881",
                                        "  group_rank=%d" % i)))
        out.append("%d: %s" % (i, glog("I", plus(t0, 6 + 0.1 * i), pids[n], "torch/distributed/elastic/agent/server/api.py:881",
                                        "  global_world_sizes=[48, 48, 48, 48, 48, 48, 48, 48]")))
    blocks = []
    for lr in range(8):
        r = bi * 8 + lr
        blocks.append(["%d: %s" % (bi, l) for l in [
            "/shared/envs/moe-py311/lib/python3.11/site-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
            "  return torch._C._cuda_getDeviceCount() > 0",
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "/shared/work/moe/train_moe.py", line 402, in <module>' % r,
            "[rank%d]:     main()" % r,
            '[rank%d]:   File "/shared/work/moe/train_moe.py", line 311, in main' % r,
            "[rank%d]:     torch.cuda.set_device(local_rank)" % r,
            '[rank%d]:   File "/shared/envs/moe-py311/lib/python3.11/site-packages/torch/cuda/__init__.py", line 399, in set_device' % r,
            "[rank%d]:     torch._C._cuda_setDevice(device)" % r,
            '[rank%d]:   File "/shared/envs/moe-py311/lib/python3.11/site-packages/torch/cuda/__init__.py", line 310, in _lazy_init' % r,
            "[rank%d]:     torch._C._cuda_init()" % r,
            "[rank%d]: RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver." % r,
        ]])
    out += interleave(rng, blocks)
    ft = plus(t0, 19.4)
    cp = [pids[bad] + 30 + k for k in range(8)]
    out.append("%d: %s" % (bi, torchrun_agent_fail(ft, pids[bad], 0, cp[0], binary="/shared/envs/moe-py311/bin/python")))
    out += prefix("%d: " % bi, child_failed("train_moe.py", bad,
                                             [(ft, 24, 0, 1, cp[0])] + [(plus(ft, 0.01 * k), 24 + k, k, 1, cp[k]) for k in range(1, 8)]))
    out.append("srun: error: %s: task %d: Exited with exit code 1" % (bad, bi))
    # healthy ranks: barrier never completes -> watchdog
    tw = plus(t0, 627)
    for i, n in enumerate(nodes):
        if n == bad:
            continue
        for lr in (0, 3, 6):
            r = i * 8 + lr
            out.append("%d: [rank%d]:[E%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: "
                       "WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600047 "
                       "milliseconds before timing out." % (i, r, tw.strftime("%m%d %H:%M:%S.") + "%06d" % rng.randint(0, 999999), r))
        out.append("%d: [rank%d]:[E%s ProcessGroupNCCL.cpp:1785] [PG 0 (default_pg) Rank %d] Exception (either an error or timeout) detected by watchdog at work: 1, last enqueued NCCL work: 1, last completed NCCL work: -1." % (
            i, i * 8, plus(tw, 0.4).strftime("%m%d %H:%M:%S.") + "000412", i * 8))
        out.append("%d: [rank%d]:[E%s ProcessGroupNCCL.cpp:630] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (
            i, i * 8, plus(tw, 0.5).strftime("%m%d %H:%M:%S.") + "118093", i * 8))
    for i, n in enumerate(nodes):
        if n == bad:
            continue
        ft2 = plus(tw, 3 + 0.3 * i)
        out.append("%d: %s" % (i, glog("E", ft2, pids[n], "torch/distributed/elastic/multiprocessing/api.py:869",
                                        "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /shared/envs/moe-py311/bin/python" % (pids[n] + 31))))
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files = {"job.sbatch": sbatch, "slurm-%d.out" % job: lines(out)}
    files["sacct.txt"] = lines(sacct(job, "gpt-moe-pt", "dgx", "llm", [
        ("", "gpt-moe-pt", 1536, "FAILED", "1:0", "00:10:41", "dgx[017-022]"),
        (".batch", "batch", 256, "FAILED", "1:0", "00:10:41", "dgx017"),
        (".extern", "extern", 1536, "COMPLETED", "0:0", "00:10:41", "dgx[017-022]"),
        (".0", "torchrun", 1536, "FAILED", "1:0", "00:10:36", "dgx[017-022]"),
    ]))
    good = make_gpus(rng, 8, "NVIDIA A100-SXM4-80GB", A100_BUS, arch="Ampere", plimit=400.0, power_base=58.0,
                     vbios="92.00.45.00.03")
    files["dgx019/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 700), "550.127.05", "12.4", good))
    old = make_gpus(rng, 8, "NVIDIA A100-SXM4-80GB", A100_BUS, arch="Ampere", plimit=400.0, power_base=57.0,
                    vbios="92.00.45.00.03")
    files["dgx020/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 701), "470.223.02", "11.4", old))
    tj = T(2024, 8, 21, 17, 3, 44)
    files["dgx020/journal.txt"] = lines(
        journal_line(tj, bad, "kernel", "Linux version 5.4.0-169-generic (buildd@lcy02-amd64-102) (gcc version 9.4.0 (Ubuntu 9.4.0-1ubuntu1~20.04.2)) #187-Ubuntu SMP"),
        journal_line(plus(tj, 31), bad, "cloud-init[2211]", "Cloud-init v. 23.3.3-0ubuntu0~20.04.1 running 'modules:final'"),
        journal_line(plus(tj, 33), bad, "xcat-postscript[2302]", "provisioned from osimage dgxos5-golden-2023q1-compute (reinstall requested by hwticket HW-11873, mainboard swap)"),
        journal_line(plus(tj, 35), bad, "xcat-postscript[2302]", "running postscripts: syslog remoteshell ofed_ib confignics nvidia_driver_golden"),
        journal_line(plus(tj, 70), bad, "systemd[1]", "Starting NVIDIA Persistence Daemon..."),
        journal_line(plus(tj, 71), bad, "nvidia-persistenced[2917]", "Started (2917)"),
        journal_line(plus(tj, 71), bad, "nvidia-persistenced[2917]", "Verbose syslog connection opened"),
        journal_line(plus(tj, 71), bad, "systemd[1]", "Started NVIDIA Persistence Daemon."),
        journal_line(plus(tj, 73), bad, "kernel", "nvidia-nvlink: Nvlink Core is being initialized, major device number 235"),
        journal_line(plus(tj, 73), bad, "kernel", "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  470.223.02  Sat Oct  7 15:39:11 UTC 2023"),
        journal_line(plus(tj, 90), bad, "systemd[1]", "Started NVIDIA fabric manager service."),
        journal_line(plus(tj, 95), bad, "slurmd[3302]", "slurmd version 23.02.7 started"),
        journal_line(plus(tj, 95), bad, "slurmd[3302]", "CPUs=256 Boards=1 Sockets=2 Cores=64 Threads=2 Memory=2063937 TmpDisk=3519184 Uptime=96 CPUSpecList=(null) FeaturesAvail=(null) FeaturesActive=(null)"),
        journal_line(T(2024, 8, 21, 17, 20, 2), bad, "slurmctld-resume[3410]", "node returned to service by admin (scontrol update nodename=dgx020 state=resume)"),
    )
    files["dgx018/dmesg.txt"] = lines(
        dmesg_line(80211.33, "mlx5_core 0000:ba:00.0 mlx5_6: Port module event: module 0, Cable plugged"),
        dmesg_line(80212.01, "mlx5_core 0000:ba:00.0: mlx5_port_module_event:1146:(pid 0): Port module event: module 0, Cable plugged"),
    )
    lab = label("dependency", "infrastructure", bad, None, "restart_without_node",
                "Only the eight ranks on dgx020 fail, at CUDA init, with 'The NVIDIA driver on your system is too old "
                "(found version 11040)'; everyone else completes rendezvous and then times out in the first "
                "collective waiting for them. dgx020's nvidia-smi shows driver 470.223.02 (CUDA 11.4) while dgx019 "
                "has 550.127.05, and its journal shows it was re-provisioned that afternoon from an old golden "
                "image: that node's environment is wrong, so exclude it.",
                "https://github.com/serend1p1ty/SeqNet/issues/36")
    return name, files, lab


# =====================================================================================
# cs04: unattended-upgrade on one node -> NVML driver/library mismatch, CUDA error 803
# =====================================================================================
def cs04():
    rng = random.Random(10004)
    name = "cs04_nvml_driver_library_mismatch"
    nodes = ["hpc-gn101", "hpc-gn102", "hpc-gn103", "hpc-gn104"]
    bad = "hpc-gn103"
    bi = 2
    job = 2209914
    t0 = T(2024, 4, 24, 9, 10, 12, 400000)
    sbatch = """#!/bin/bash
#SBATCH --job-name=vit-h-clip
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:a100:8
#SBATCH --cpus-per-task=64
#SBATCH --time=2-00:00:00

source ~/miniconda3/etc/profile.d/conda.sh
conda activate clip
export LOGLEVEL=WARNING
nodes=( $(scontrol show hostnames $SLURM_JOB_NODELIST) )
srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_id $RANDOM --rdzv_backend c10d \\
     --rdzv_endpoint ${nodes[0]}:29500 -m open_clip_train.main \\
     --model ViT-H-14 --train-data '/data/laion2b/{00000..23295}.tar' --batch-size 160 --precision amp_bf16 \\
     --workers 8 --report-to tensorboard --logs /home/kwu/clip-logs
"""
    out = []
    pids = {n: 170000 + rng.randint(0, 9000) for n in nodes}
    for i, n in enumerate(nodes):
        out += torchrun_banner(plus(t0, 0.2 * i), pids[n])
    blocks = []
    for lr in range(8):
        r = 16 + lr
        blocks.append([
            "/home/kwu/miniconda3/envs/clip/lib/python3.10/site-packages/torch/cuda/__init__.py:118: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
            "  return torch._C._cuda_getDeviceCount() > 0",
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "/home/kwu/miniconda3/envs/clip/lib/python3.10/site-packages/open_clip_train/main.py", line 508, in <module>' % r,
            "[rank%d]:     main(sys.argv[1:])" % r,
            '[rank%d]:   File "/home/kwu/miniconda3/envs/clip/lib/python3.10/site-packages/open_clip_train/main.py", line 104, in main' % r,
            "[rank%d]:     device = init_distributed_device(args)" % r,
            '[rank%d]:   File "/home/kwu/miniconda3/envs/clip/lib/python3.10/site-packages/open_clip_train/distributed.py", line 105, in init_distributed_device' % r,
            "[rank%d]:     torch.cuda.set_device(device)" % r,
            '[rank%d]:   File "/home/kwu/miniconda3/envs/clip/lib/python3.10/site-packages/torch/cuda/__init__.py", line 302, in _lazy_init' % r,
            "[rank%d]:     torch._C._cuda_init()" % r,
            "[rank%d]: RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination" % r,
        ])
    out += interleave(rng, blocks)
    ft = plus(t0, 22.7)
    cp = [pids[bad] + 50 + k for k in range(8)]
    out.append(torchrun_agent_fail(ft, pids[bad], 0, cp[0], binary="/home/kwu/miniconda3/envs/clip/bin/python"))
    out += child_failed("open_clip_train.main", bad,
                        [(ft, 16, 0, 1, cp[0])] + [(plus(ft, 0.02 * k), 16 + k, k, 1, cp[k]) for k in range(1, 8)])
    out.append("srun: error: %s: task 2: Exited with exit code 1" % bad)
    tw = plus(t0, 1830)
    for i, n in enumerate(nodes):
        if n == bad:
            continue
        r = i * 8
        out.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:607] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800093 milliseconds before timing out." % (
            r, tw.strftime("%m%d %H:%M:%S.") + "%06d" % rng.randint(0, 999999), r))
        out += torchrun_sigterm(plus(tw, 2 + i), pids[n], [pids[n] + 51 + k for k in range(7)])
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files = {"job.sbatch": sbatch, "slurm-%d.out" % job: lines(out)}
    files["sacct.txt"] = lines(sacct(job, "vit-h-clip", "gpu", "vision", [
        ("", "vit-h-clip", 256, "FAILED", "1:0", "00:30:43", "hpc-gn[101-104]"),
        (".batch", "batch", 64, "FAILED", "1:0", "00:30:43", "hpc-gn101"),
        (".0", "torchrun", 256, "FAILED", "1:0", "00:30:40", "hpc-gn[101-104]"),
    ]))
    up = 1641877.2
    files["hpc-gn103/dmesg.txt"] = lines(
        dmesg_line(up - 20, "NVRM: API mismatch: the client has the version 550.127.05, but"),
        dmesg_line(up - 20, "NVRM: this kernel module has the version 550.90.07.  Please"),
        dmesg_line(up - 20, "NVRM: make sure that this kernel module and all NVIDIA driver"),
        dmesg_line(up - 20, "NVRM: components have the same version."),
        dmesg_line(up + 8.6, "NVRM: API mismatch: the client has the version 550.127.05, but"),
        dmesg_line(up + 8.6, "NVRM: this kernel module has the version 550.90.07.  Please"),
        dmesg_line(up + 8.6, "NVRM: make sure that this kernel module and all NVIDIA driver"),
        dmesg_line(up + 8.6, "NVRM: components have the same version."),
    )
    files["hpc-gn103/nvidia-smi.txt"] = lines("Failed to initialize NVML: Driver/library version mismatch",
                                              "NVML library version: 550.127")
    files["hpc-gn103/apt-history.log"] = lines(
        "",
        "Start-Date: 2024-04-24  06:25:31",
        "Commandline: /usr/bin/unattended-upgrade",
        "Upgrade: libnvidia-compute-550:amd64 (550.90.07-0ubuntu0.22.04.1, 550.127.05-0ubuntu0.22.04.1), "
        "libnvidia-gl-550:amd64 (550.90.07-0ubuntu0.22.04.1, 550.127.05-0ubuntu0.22.04.1), "
        "nvidia-utils-550:amd64 (550.90.07-0ubuntu0.22.04.1, 550.127.05-0ubuntu0.22.04.1), "
        "libnvidia-extra-550:amd64 (550.90.07-0ubuntu0.22.04.1, 550.127.05-0ubuntu0.22.04.1), "
        "nvidia-compute-utils-550:amd64 (550.90.07-0ubuntu0.22.04.1, 550.127.05-0ubuntu0.22.04.1)",
        "End-Date: 2024-04-24  06:26:48",
    )
    files["hpc-gn103/proc-driver-nvidia-version.txt"] = lines(
        "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
        "GCC version:  gcc version 12.3.0 (Ubuntu 12.3.0-1ubuntu1~22.04)")
    g = make_gpus(rng, 8, "NVIDIA A100-SXM4-80GB", A100_BUS, arch="Ampere", plimit=400.0, power_base=61.0,
                  vbios="92.00.36.00.02")
    g[2]["sbe"] = 0
    files["hpc-gn102/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 1900), "550.90.07", "12.4", g))
    files["hpc-gn101/dmesg.txt"] = lines(
        dmesg_line(1455220.91, "NVRM: Xid (PCI:0000:87:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address"),
        dmesg_line(1455220.91, "NVRM: Xid (PCI:0000:87:00): 13, pid=3011822, name=python, Graphics Exception: ESR 0x534730=0x201000e 0x534734=0x24 0x534728=0x1f81fb60 0x53472c=0x1174"),
        dmesg_line(1455222.40, "python[3011822]: segfault at 8 ip 00007f1c3a2f10d4 sp 00007ffe4c0a1e90 error 4 in libcuda.so.550.90.07[7f1c3a000000+e5f000]"),
    )
    files["hpc-gn101/sacct-node-history.txt"] = lines(
        "JobID           JobName      User      State ExitCode               Start                 End ",
        "------------ ---------- --------- ---------- -------- ------------------- ------------------- ",
        "2207331        dbg-kern    tlopez     FAILED    139:0 2024-04-22T19:02:11 2024-04-22T19:40:55 ",
        "2209914       vit-h-cl+      kwu     FAILED      1:0 2024-04-24T09:10:09 2024-04-24T09:40:52 ",
    )
    lab = label("dependency", "infrastructure", bad, None, "restart_without_node",
                "Ranks 16-23, all on hpc-gn103, fail at CUDA init with 'Error 803: system has unsupported display "
                "driver / cuda driver combination'; the other ranks only time out waiting. On hpc-gn103 "
                "unattended-upgrade replaced the 550.90.07 user-space libraries with 550.127.05 at 06:25 while the "
                "loaded kernel module is still 550.90.07 (NVRM API mismatch, NVML version mismatch). The Xid 13 on "
                "hpc-gn101 is from another user's job two days earlier.",
                "https://github.com/lyulyul/shine-cluster/issues/30")
    return name, files, lab


# =====================================================================================
# cs05: new k8s node whose containerd has no nvidia runtime -> no driver libs in pod
# =====================================================================================
def cs05():
    rng = random.Random(10005)
    name = "cs05_libcuda_missing_runtime_one_node"
    nodes = ["gpu-node-k8s-14", "gpu-node-k8s-16", "gpu-node-k8s-19", "gpu-node-k8s-17"]
    bad = "gpu-node-k8s-19"
    pods = ["pretrain-7b-workers-0-%d-%s" % (i, s) for i, s in enumerate(["x8kq2", "4mzpl", "b7r2c", "p0dfw"])]
    ips = ["10.244.14.31", "10.244.16.12", "10.244.19.4", "10.244.17.40"]
    t0 = T(2025, 5, 7, 2, 14, 50)
    files = {}
    files["jobset.yaml"] = """apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata:
  name: pretrain-7b
  namespace: research
spec:
  failurePolicy:
    maxRestarts: 0
  replicatedJobs:
  - name: workers
    replicas: 1
    template:
      spec:
        parallelism: 4
        completions: 4
        backoffLimit: 0
        template:
          spec:
            subdomain: pretrain-7b
            containers:
            - name: trainer
              image: harbor.lab.example/llm/pretrain:0.9.4
              command: ["/workspace/entrypoint.sh"]
              env:
              - name: NNODES
                value: "4"
              resources:
                limits:
                  nvidia.com/gpu: 8
                  rdma/ib: 4
"""
    files["entrypoint.sh"] = """#!/bin/bash
set -e
echo "[entrypoint] host=$(hostname) node=${NODE_NAME:-?} NVIDIA_VISIBLE_DEVICES=${NVIDIA_VISIBLE_DEVICES}"
if ! ldconfig -p | grep -q libcuda.so.1; then echo "[entrypoint] WARNING: libcuda.so.1 not found in ld cache"; fi
exec torchrun --nnodes=$NNODES --nproc_per_node=8 --node_rank=$JOB_COMPLETION_INDEX \\
  --rdzv_backend=static --master_addr=pretrain-7b-workers-0-0.pretrain-7b --master_port=29400 \\
  /workspace/train.py --config /workspace/configs/7b.yaml
"""
    files["kubectl-get-pods-wide.txt"] = lines(
        "NAME                               READY   STATUS      RESTARTS   AGE   IP             NODE",
        *["%-34s %-7s %-11s %-10s %-5s %-14s %s" % (p, "0/1", "Error" if n == bad else "Error", "0", "52m", ip, n)
          for p, n, ip in zip(pods, nodes, ips)])
    files["kubectl-get-jobset.txt"] = lines(
        "NAME          TERMINALSTATE   RESTARTS   COMPLETED   SUSPENDED   AGE",
        "pretrain-7b   Failed          0                      false       52m")
    for pi, (p, n) in enumerate(zip(pods, nodes)):
        L = ["[entrypoint] host=%s node=%s NVIDIA_VISIBLE_DEVICES=%s" % (
            p, n, ",".join("GPU-%08x-%04x" % (rng.getrandbits(32), rng.getrandbits(16)) for _ in range(2)) + ",...")]
        if n == bad:
            L.append("[entrypoint] WARNING: libcuda.so.1 not found in ld cache")
        L += torchrun_banner(plus(t0, 2), 7)
        if n == bad:
            blocks = []
            for lr in range(8):
                r = pi * 8 + lr
                blocks.append([
                    "[rank%d]: Traceback (most recent call last):" % r,
                    '[rank%d]:   File "/workspace/train.py", line 77, in <module>' % r,
                    "[rank%d]:     torch.cuda.set_device(int(os.environ[\"LOCAL_RANK\"]))" % r,
                    '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 399, in set_device' % r,
                    "[rank%d]:     torch._C._cuda_setDevice(device)" % r,
                    '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 310, in _lazy_init' % r,
                    "[rank%d]:     torch._C._cuda_init()" % r,
                    "[rank%d]: RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx" % r,
                ])
            L += interleave(rng, blocks)
            ft = plus(t0, 11.3)
            L.append(torchrun_agent_fail(ft, 7, 0, 61, binary="/usr/bin/python3"))
            L += child_failed("/workspace/train.py", p, [(ft, 16, 0, 1, 61)] + [(plus(ft, 0.01 * k), 16 + k, k, 1, 61 + k) for k in range(1, 8)])
        else:
            for lr in (0, 4):
                L.append(nccl(p, 61 + lr, 61 + lr, lr, "cudaDriverVersion 12040"))
                L.append(nccl(p, 61 + lr, 61 + lr, lr, "Bootstrap : Using eth0:%s<0>" % ips[pi]))
            if pi == 0:
                L.append(nccl(p, 61, 61, 0, "NCCL version 2.21.5+cuda12.4"))
            L.append(pylog(plus(t0, 14), "INFO", "train", "rank %d: waiting for process group / first barrier" % (pi * 8)))
            L.append("[rank%d]:[W%s socket.cpp:462] [c10d] waitForInput: poll for socket SocketImpl(fd=62, addr=[%s]:45120, remote=[pretrain-7b-workers-0-0.pretrain-7b]:29400) returned 0, likely a timeout" % (
                pi * 8, plus(t0, 320).strftime("%m%d %H:%M:%S.") + "%06d" % rng.randint(0, 999999), p))
            L.append("torch.distributed.elastic.multiprocessing.api.SignalException: Process 7 got signal: 15")
        files["kubectl-logs-%s.txt" % p] = lines(L)
    files["kubectl-events.txt"] = lines(
        "LAST SEEN   TYPE      REASON            OBJECT                                 MESSAGE",
        "52m         Normal    Scheduled         pod/%s   Successfully assigned research/%s to %s" % (pods[2], pods[2], bad),
        "52m         Normal    Pulled            pod/%s   Container image \"harbor.lab.example/llm/pretrain:0.9.4\" already present on machine" % pods[2],
        "52m         Normal    Started           pod/%s   Started container trainer" % pods[2],
        "51m         Warning   BackoffLimitExceeded   job/pretrain-7b-workers-0   Job has reached the specified backoff limit",
        "51m         Normal    Killing           pod/%s   Stopping container trainer" % pods[0],
        "51m         Normal    Killing           pod/%s   Stopping container trainer" % pods[1],
        "51m         Normal    Killing           pod/%s   Stopping container trainer" % pods[3],
        "51m         Warning   FailedJobs        jobset/pretrain-7b                    job pretrain-7b-workers-0 failed; jobset failure policy maxRestarts=0 reached",
    )
    files["%s/containerd-config.toml" % bad] = """version = 2
root = "/var/lib/containerd"
state = "/run/containerd"

[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "registry.k8s.io/pause:3.9"
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = true
"""
    files["gpu-node-k8s-16/containerd-config.toml"] = """version = 2
root = "/var/lib/containerd"
state = "/run/containerd"

[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "registry.k8s.io/pause:3.9"
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "nvidia"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.nvidia]
      privileged_without_host_devices = false
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.nvidia.options]
        BinaryName = "/usr/bin/nvidia-container-runtime"
        SystemdCgroup = true
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = true
"""
    tj = T(2025, 5, 6, 16, 2, 10)
    files["%s/journal.txt" % bad] = lines(
        journal_line(tj, bad, "systemd[1]", "Started containerd container runtime."),
        journal_line(plus(tj, 40), bad, "kubelet[1877]", "I0506 16:02:50.118829    1877 kubelet_node_status.go:76] \"Successfully registered node\" node=\"gpu-node-k8s-19\""),
        journal_line(plus(tj, 300), bad, "ansible-ansible.legacy.command[2410]", "Invoked with _raw_params=apt-get install -y nvidia-container-toolkit=1.16.2-1 (role gpu-node, tags: [install])"),
        journal_line(plus(tj, 301), bad, "ansible-ansible.legacy.command[2433]", "Invoked with _raw_params=nvidia-ctk runtime configure --runtime=containerd --set-as-default (tags: [configure-runtime]) when=False skipped"),
        journal_line(plus(tj, 420), bad, "kubelet[1877]", "I0506 16:09:10.551203    1877 server.go:144] \"Got registration request from device plugin with resource\" resourceName=\"nvidia.com/gpu\""),
    )
    files["%s/nvidia-device-plugin.log" % bad] = lines(
        "I0506 16:09:09.811120       1 main.go:317] Retrieving plugins.",
        "I0506 16:09:09.904455       1 factory.go:112] Detected NVML platform: found NVML library",
        "I0506 16:09:10.212077       1 server.go:165] Starting GRPC server for 'nvidia.com/gpu'",
        "I0506 16:09:10.213905       1 server.go:117] Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock",
        "I0506 16:09:10.551866       1 server.go:125] Registered device plugin for 'nvidia.com/gpu' with Kubelet",
    )
    files["%s/nvidia-smi-q.txt" % bad] = lines(nvsmi_q(T(2025, 5, 7, 3, 1, 0), "550.127.08", "12.4",
                                                       make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)))
    lab = label("dependency", "infrastructure", bad, None, "restart_without_node",
                "Only the pod on gpu-node-k8s-19 fails: libcuda.so.1 is missing from its ld cache and torch reports "
                "'Found no NVIDIA driver on your system', although the host's nvidia-smi shows eight healthy H100s. "
                "That newly added node's containerd uses runc as default runtime (the nvidia-ctk configure step was "
                "skipped), so the driver libraries are never injected; the other three pods only wait and are then "
                "killed by the JobSet. Exclude the node until its runtime is fixed.",
                "https://github.com/NVIDIA/k8s-device-plugin/issues/5")
    return name, files, lab


# =====================================================================================
# cs06: fabric manager version mismatch on one HGX node -> CUDA error 802 (k8s)
# =====================================================================================
def cs06():
    rng = random.Random(10006)
    name = "cs06_fabricmanager_mismatch_one_node"
    nodes = ["hgx-h100-01", "hgx-h100-02", "hgx-h100-03", "hgx-h100-04"]
    bad = "hgx-h100-03"
    pods = ["mm-vlm-pt-master-0", "mm-vlm-pt-worker-0", "mm-vlm-pt-worker-1", "mm-vlm-pt-worker-2"]
    t0 = T(2025, 3, 3, 11, 47, 30)
    files = {}
    files["kubectl-get-pods-wide.txt"] = lines(
        "NAME                 READY   STATUS    RESTARTS        AGE   IP            NODE",
        "mm-vlm-pt-master-0   1/1     Running   2 (3m ago)      38m   10.32.0.18    hgx-h100-01",
        "mm-vlm-pt-worker-0   1/1     Running   2 (3m ago)      38m   10.32.1.22    hgx-h100-02",
        "mm-vlm-pt-worker-1   0/1     Error     3 (40s ago)     38m   10.32.2.9     hgx-h100-03",
        "mm-vlm-pt-worker-2   1/1     Running   2 (3m ago)      38m   10.32.3.14    hgx-h100-04",
    )
    for pi, (p, n) in enumerate(zip(pods, nodes)):
        L = torchrun_banner(t0, 1)
        L.append(pylog(plus(t0, 4), "INFO", "vlm.launch", "attempt 3/4  node=%s  RANK base=%d" % (n, pi * 8)))
        if n == bad:
            blocks = []
            for lr in range(8):
                r = pi * 8 + lr
                blocks.append([
                    "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at /opt/pytorch/pytorch/c10/cuda/CUDAFunctions.cpp:108.)",
                    "  return torch._C._cuda_getDeviceCount() > 0",
                    "[rank%d]: Traceback (most recent call last):" % r,
                    '[rank%d]:   File "/opt/vlm/train.py", line 56, in <module>' % r,
                    "[rank%d]:     dist.init_process_group(\"nccl\", device_id=torch.device(\"cuda\", local_rank))" % r,
                    '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", line 83, in wrapper' % r,
                    "[rank%d]:     return func(*args, **kwargs)" % r,
                    '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 1712, in init_process_group' % r,
                    "[rank%d]:     default_pg, _ = _new_process_group_helper(" % r,
                    '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 1923, in _new_process_group_helper' % r,
                    "[rank%d]:     backend_class = ProcessGroupNCCL(" % r,
                    "[rank%d]: RuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!" % r,
                ])
            L += interleave(rng, blocks)
            ft = plus(t0, 15)
            L.append(torchrun_agent_fail(ft, 1, 0, 40, binary="/usr/bin/python"))
            L += child_failed("/opt/vlm/train.py", p, [(ft, 16, 0, 1, 40)] + [(plus(ft, 0.02 * k), 16 + k, k, 1, 40 + k) for k in range(1, 8)])
        else:
            L.append(nccl(p, 40, 40, 0, "cudaDriverVersion 12060"))
            L.append(nccl(p, 40, 40, 0, "Bootstrap : Using eth0:10.32.%d.%d<0>" % (pi, 10 + pi)))
            L.append(nccl(p, 40, 40, 0, "NET/Plugin: Loaded net plugin NCCL RDMA Plugin v8 (v8)"))
            L.append(nccl(p, 40, 40, 0, "NCCL_IB_HCA set to =mlx5_0,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11"))
            if pi == 0:
                L.append(nccl(p, 40, 40, 0, "NCCL version 2.23.4+cuda12.6"))
            L.append(pylog(plus(t0, 25), "INFO", "vlm.launch", "waiting for all 32 ranks in init"))
            L.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:632] [PG ID 0 PG GUID 0(default_pg) Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=180000) ran for 180004 milliseconds before timing out." % (
                pi * 8, plus(t0, 206).strftime("%m%d %H:%M:%S.") + "%06d" % rng.randint(0, 999999), pi * 8))
        files["kubectl-logs-%s-previous.txt" % p] = lines(L)
    tb = T(2025, 3, 3, 9, 58, 2)
    files["%s/journal-fabricmanager.txt" % bad] = lines(
        journal_line(tb, bad, "systemd[1]", "Starting NVIDIA fabric manager service..."),
        journal_line(plus(tb, 1), bad, "nv-fabricmanager[4122]", "fabric manager NVIDIA GPU driver interface version 550.90.07 don't match with driver version 550.127.05. Please update with matching NVIDIA driver package."),
        journal_line(plus(tb, 1), bad, "nv-fabricmanager[4120]", "request to query NVIDIA GPU driver information failed with error:failed to open GPU driver interface/node"),
        journal_line(plus(tb, 1), bad, "systemd[1]", "nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE"),
        journal_line(plus(tb, 1), bad, "systemd[1]", "nvidia-fabricmanager.service: Failed with result 'exit-code'."),
        journal_line(plus(tb, 1), bad, "systemd[1]", "Failed to start NVIDIA fabric manager service."),
    )
    files["%s/maintenance-log.txt" % bad] = lines(
        "2025-03-03 09:31  rbell   HGX tray reseat after PSU swap (INC-55102)",
        "2025-03-03 09:44  rbell   reinstalled driver from NVIDIA-Linux-x86_64-550.127.05.run (the .run the other nodes got in Feb)",
        "2025-03-03 09:57  rbell   reboot, node uncordoned",
    )
    files["%s/dpkg-l-nvidia.txt" % bad] = lines(
        "ii  nvidia-fabricmanager-550      550.90.07-1     amd64   Fabric Manager for NVSwitch based systems.",
        "ii  libnvidia-nscq-550            550.90.07-1     amd64   NVSwitch Configuration and Query library",
        "ii  datacenter-gpu-manager        1:3.3.7         amd64   NVIDIA Datacenter GPU Management Tools",
    )
    g = make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)
    q = nvsmi_q(plus(t0, 300), "550.127.05", "12.4", g)
    q2 = []
    for l in q:
        q2.append(l)
        if l.startswith("    Persistence Mode"):
            q2 += ["    Fabric", "        State                             : In Progress", "        Status                            : N/A"]
    files["%s/nvidia-smi-q.txt" % bad] = lines(q2)
    files["hgx-h100-02/dcgmi-diag.txt"] = lines(
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.7                                          |",
        "| Driver Version Detected   | 550.127.05                                     |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Denylist                  | Pass                                           |",
        "| NVML Library              | Pass                                           |",
        "| CUDA Main Library         | Pass                                           |",
        "| Permissions and OS Blocks | Pass                                           |",
        "| Persistence Mode          | Pass                                           |",
        "| Environment Variables     | Pass                                           |",
        "| Page Retirement/Row Remap | Pass                                           |",
        "| Graphics Processes        | Pass                                           |",
        "| Inforom                   | Pass                                           |",
        "+-----  Integration  -------+------------------------------------------------+",
        "| PCIe                      | Pass - All                                     |",
        "+---------------------------+------------------------------------------------+",
    )
    lab = label("dependency", "infrastructure", bad, None, "restart_without_node",
                "On every restart only the worker pod on hgx-h100-03 fails: CUDA init returns 'Error 802: system not "
                "yet initialized' and NCCL finds no GPUs, while the other pods sit in the first collective until "
                "the watchdog fires. On hgx-h100-03 the driver was reinstalled as 550.127.05 that morning but "
                "nvidia-fabricmanager is still 550.90.07, so the service refuses to start and the NVSwitch fabric "
                "stays 'In Progress'. Exclude the node until the fabric manager matches the driver.",
                "https://github.com/NVIDIA/gpu-operator/issues/544")
    return name, files, lab


# =====================================================================================
# cs07: CUDA_VISIBLE_DEVICES left at 0-3 in sbatch while nproc_per_node=8 (every node)
# =====================================================================================
def cs07():
    rng = random.Random(10007)
    name = "cs07_cuda_visible_devices_wrong"
    nodes = ["node-c12", "node-c13"]
    job = 660218
    t0 = T(2024, 12, 9, 18, 3, 40, 220000)
    sbatch = """#!/bin/bash
#SBATCH -J dpo-llama3-8b
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH -c 112
#SBATCH -t 12:00:00
#SBATCH -o %x-%j.out

source /opt/envs/align/bin/activate
export HF_HOME=/scratch/$USER/hf
export WANDB_MODE=offline
# --- left over from single-node debugging of the reward model ---
export CUDA_VISIBLE_DEVICES=0,1,2,3
# ----------------------------------------------------------------
MASTER=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$MASTER:29533 \\
  --rdzv_id=$SLURM_JOB_ID dpo_train.py --model meta-llama/Meta-Llama-3-8B-Instruct \\
  --dataset /scratch/$USER/data/ultrafeedback_bin --beta 0.1 --bf16 --fsdp "full_shard auto_wrap"
"""
    out = []
    pids = {n: 220000 + rng.randint(0, 9999) for n in nodes}
    for n in nodes:
        out += torchrun_banner(t0, pids[n])
    blocks = []
    for i, n in enumerate(nodes):
        for lr in range(4, 8):
            r = i * 8 + lr
            blocks.append([
                "[rank%d]: Traceback (most recent call last):" % r,
                '[rank%d]:   File "/home/mli/align/dpo_train.py", line 212, in <module>' % r,
                "[rank%d]:     main()" % r,
                '[rank%d]:   File "/home/mli/align/dpo_train.py", line 121, in main' % r,
                "[rank%d]:     args, training_args = parser.parse_args_into_dataclasses()" % r,
                '[rank%d]:   File "/opt/envs/align/lib/python3.11/site-packages/transformers/hf_argparser.py", line 339, in parse_args_into_dataclasses' % r,
                "[rank%d]:     obj = dtype(**inputs)" % r,
                '[rank%d]:   File "<string>", line 135, in __init__' % r,
                '[rank%d]:   File "/opt/envs/align/lib/python3.11/site-packages/transformers/training_args.py", line 1712, in __post_init__' % r,
                "[rank%d]:     self.device" % r,
                '[rank%d]:   File "/opt/envs/align/lib/python3.11/site-packages/transformers/training_args.py", line 2108, in _setup_devices' % r,
                "[rank%d]:     self.distributed_state = PartialState(**accelerator_state_kwargs)" % r,
                '[rank%d]:   File "/opt/envs/align/lib/python3.11/site-packages/accelerate/state.py", line 790, in set_device' % r,
                "[rank%d]:     torch.cuda.set_device(self.device)" % r,
                '[rank%d]:   File "/opt/envs/align/lib/python3.11/site-packages/torch/cuda/__init__.py", line 399, in set_device' % r,
                "[rank%d]:     torch._C._cuda_setDevice(device)" % r,
                "[rank%d]: RuntimeError: CUDA error: invalid device ordinal" % r,
                "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % r,
                "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % r,
                "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % r,
            ])
    out += interleave(rng, blocks)
    for i, n in enumerate(nodes):
        ft = plus(t0, 9 + i * 0.3)
        cp = [pids[n] + 20 + k for k in range(8)]
        out += torchrun_sigterm(ft, pids[n], [cp[0], cp[1], cp[2], cp[3]])
        out.append(torchrun_agent_fail(plus(ft, 0.4), pids[n], 4, cp[4], binary="/opt/envs/align/bin/python"))
        fl = [(ft, i * 8 + 4, 4, 1, cp[4])] + [(plus(ft, 0.01 * k), i * 8 + k, k, 1, cp[k]) for k in (5, 6, 7)] + \
             [(plus(ft, 0.3), i * 8 + k, k, -15, cp[k]) for k in range(4)]
        out += child_failed("dpo_train.py", n, fl)
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files = {"job.sbatch": sbatch, "dpo-llama3-8b-%d.out" % job: lines(out)}
    files["sacct.txt"] = lines(sacct(job, "dpo-llama3-8b", "gpu", "align", [
        ("", "dpo-llama3-8b", 224, "FAILED", "1:0", "00:00:31", "node-c[12-13]"),
        (".batch", "batch", 112, "FAILED", "1:0", "00:00:31", "node-c12"),
        (".0", "torchrun", 224, "FAILED", "1:0", "00:00:27", "node-c[12-13]"),
    ]))
    for n in nodes:
        files["%s/nvidia-smi-q.txt" % n] = lines(nvsmi_q(plus(t0, 60), "535.183.06", "12.2",
                                                        make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)))
    lab = label("dependency", "script", None, None, "stop",
                "On both nodes local ranks 4-7 fail in torch.cuda.set_device with 'invalid device ordinal' and the "
                "agent then kills ranks 0-3; all 16 GPUs are healthy. The sbatch still exports "
                "CUDA_VISIBLE_DEVICES=0,1,2,3 from single-node debugging while torchrun starts 8 processes per node, "
                "so the job's own environment is wrong on every node and resubmitting unchanged fails again.",
                "https://github.com/wenwenyu/PICK-pytorch/issues/14")
    return name, files, lab


# =====================================================================================
# cs08: rdzv endpoint evaluated per node ($(hostname) in single quotes) -> rendezvous never completes
# =====================================================================================
def cs08():
    rng = random.Random(10008)
    name = "cs08_rdzv_endpoint_per_node"
    nodes = ["gpu-n07", "gpu-n08", "gpu-n09", "gpu-n10"]
    job = 1183307
    t0 = T(2025, 1, 14, 7, 55, 2, 40000)
    sbatch = """#!/bin/bash
#SBATCH --job-name=t5-xxl-span
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --time=24:00:00
#SBATCH --output=logs/%x-%j.out

export LOGLEVEL=INFO
export MASTER_PORT=29500
# the first node of the allocation is meant to host the rendezvous
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c 'torchrun --nnodes=$SLURM_NNODES --nproc_per_node=8 \\
   --rdzv_backend=c10d --rdzv_endpoint=$(hostname):$MASTER_PORT --rdzv_id=$SLURM_JOB_ID \\
   run_t5_mlm.py --config configs/t5_xxl_span.json'
"""
    out = []
    pids = {}
    for i, n in enumerate(nodes):
        pids[n] = 30000 + rng.randint(0, 30000)
    for i, n in enumerate(nodes):
        out += torchrun_banner(plus(t0, 0.05 * i), pids[n])
        out += torchrun_launch_config(plus(t0, 0.05 * i + 0.01), pids[n], "run_t5_mlm.py", 4, 8, "c10d",
                                      "%s:29500" % n, str(job))
    for i, n in enumerate(nodes):
        out.append(glog("I", plus(t0, 0.3 + 0.05 * i), pids[n], "torch/distributed/elastic/agent/server/api.py:845",
                        "[default] starting workers for entrypoint: python"))
        out.append(glog("I", plus(t0, 0.3 + 0.05 * i), pids[n], "torch/distributed/elastic/agent/server/api.py:662",
                        "[default] Rendezvous'ing worker group"))
        out.append(glog("I", plus(t0, 0.35 + 0.05 * i), pids[n], "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1136",
                        "The node '%s_%d_0' attempts to join the next round of the rendezvous '%d'." % (n, pids[n], job)))
    tt = plus(t0, 900.4)
    for i, n in enumerate(nodes):
        t = plus(tt, 0.07 * i)
        out += [
            "Traceback (most recent call last):",
            '  File "/home/ssun/.venvs/t5/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            '  File "/home/ssun/.venvs/t5/lib/python3.10/site-packages/torch/distributed/run.py", line 910, in run',
            "    elastic_launch(",
            '  File "/home/ssun/.venvs/t5/lib/python3.10/site-packages/torch/distributed/launcher/api.py", line 260, in launch_agent',
            "    result = agent.run()",
            '  File "/home/ssun/.venvs/t5/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py", line 705, in _initialize_workers',
            "    self._rendezvous(worker_group)",
            '  File "/home/ssun/.venvs/t5/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py", line 551, in _rendezvous',
            "    rdzv_info = spec.rdzv_handler.next_rendezvous()",
            '  File "/home/ssun/.venvs/t5/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1174, in next_rendezvous',
            "    self._op_executor.run(join_op, deadline, self._get_deadline)",
            '  File "/home/ssun/.venvs/t5/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 656, in run',
            "    raise RendezvousTimeoutError",
            "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
        ]
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files = {"job.sbatch": sbatch, "logs/t5-xxl-span-%d.out" % job: lines(out)}
    files["sacct.txt"] = lines(sacct(job, "t5-xxl-span", "gpu", "nlp-core", [
        ("", "t5-xxl-span", 256, "FAILED", "1:0", "00:15:05", "gpu-n[07-10]"),
        (".batch", "batch", 64, "FAILED", "1:0", "00:15:05", "gpu-n07"),
        (".0", "bash", 256, "FAILED", "1:0", "00:15:02", "gpu-n[07-10]"),
    ]))
    for n in ("gpu-n07", "gpu-n09"):
        g = make_gpus(rng, 8, "NVIDIA A100-SXM4-80GB", A100_BUS, arch="Ampere", plimit=400.0, power_base=56.0,
                      vbios="92.00.45.00.03")
        for x in g:
            x["pstate"] = "P0"
            x["util"] = 0
        files["%s/nvidia-smi-q.txt" % n] = lines(nvsmi_q(plus(t0, 600), "550.90.07", "12.4", g))
    files["gpu-n08/ss-tlnp.txt"] = lines(
        "State  Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess",
        "LISTEN 0      128          0.0.0.0:22         0.0.0.0:*    users:((\"sshd\",pid=1882,fd=3))",
        "LISTEN 0      4096         0.0.0.0:6818       0.0.0.0:*    users:((\"slurmd\",pid=2201,fd=6))",
        "LISTEN 0      512                *:29500            *:*    users:((\"torchrun\",pid=%d,fd=5))" % pids["gpu-n08"],
    )
    lab = label("user_code", "script", None, None, "stop",
                "All four agents log a different rdzv_endpoint (each node's own hostname:29500), each hosts its own "
                "c10d store and waits alone, and all four raise RendezvousTimeoutError after 900 s with no GPU or "
                "NCCL activity. The sbatch wraps torchrun in single quotes, so $(hostname) is expanded per node "
                "instead of using the first node ($MASTER_ADDR is computed but never used): a launch-script bug "
                "that will recur on any nodes.",
                "https://github.com/pytorch/pytorch/issues/76367")
    return name, files, lab


# =====================================================================================
# cs09: firewalld enabled on the rendezvous host after re-image (pdsh-launched torchrun)
# =====================================================================================
def cs09():
    rng = random.Random(10009)
    name = "cs09_firewall_blocks_rdzv_host"
    nodes = ["ml-srv-01", "ml-srv-02", "ml-srv-03"]
    bad = "ml-srv-01"
    t0 = T(2024, 10, 2, 13, 20, 11, 900000)
    files = {}
    files["launch.sh"] = """#!/bin/bash
# bare-metal lab cluster, no scheduler; run from ml-srv-01
pdsh -R ssh -w ml-srv-0[1-3] "cd /data/exp/asr-conformer && source .venv/bin/activate && \\
  torchrun --nnodes=3 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=ml-srv-01:29400 \\
           --rdzv_id=asr42 train.py --config conf/conformer_l.yaml" 2>&1 | tee logs/run-$(date +%F-%H%M).log
"""
    out = []
    pids = {n: 51000 + rng.randint(0, 9000) for n in nodes}
    for n in nodes:
        out += prefix("%s: " % n, torchrun_banner(t0, pids[n]))
    # clients cannot reach the store
    for k in range(6):
        for n in nodes[1:]:
            t = plus(t0, 1 + k * 150 + rng.random())
            out.append("%s: [W%s socket.cpp:697] [c10d] The client socket has failed to connect to [ml-srv-01]:29400 (errno: 113 - No route to host)." % (
                n, t.strftime("%m%d %H:%M:%S.") + "%06d" % rng.randint(0, 999999)))
    tt = plus(t0, 901)
    for n in nodes[1:]:
        out += prefix("%s: " % n, [
            "Traceback (most recent call last):",
            '  File "/data/exp/asr-conformer/.venv/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 159, in _create_tcp_store',
            "    store = TCPStore(",
            "torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to (ml-srv-01, 29400).",
            "",
            "The above exception was the direct cause of the following exception:",
            "",
            "Traceback (most recent call last):",
            '  File "/data/exp/asr-conformer/.venv/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            '  File "/data/exp/asr-conformer/.venv/lib/python3.10/site-packages/torch/distributed/rendezvous/registry.py", line 66, in get_rendezvous_handler',
            "    return handler_registry.create_handler(params)",
            '  File "/data/exp/asr-conformer/.venv/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 250, in create_backend',
            "    store = _create_tcp_store(params)",
            '  File "/data/exp/asr-conformer/.venv/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 183, in _create_tcp_store',
            "    raise RendezvousConnectionError(",
            "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",
        ])
        out.append("pdsh@ml-srv-01: %s: ssh exited with exit code 1" % n)
    out += prefix("ml-srv-01: ", [
        glog("I", plus(t0, 0.6), pids[bad], "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1136",
             "The node 'ml-srv-01_%d_0' attempts to join the next round of the rendezvous 'asr42'." % pids[bad]),
        "Traceback (most recent call last):",
        '  File "/data/exp/asr-conformer/.venv/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 656, in run',
        "    raise RendezvousTimeoutError",
        "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
    ])
    out.append("pdsh@ml-srv-01: ml-srv-01: ssh exited with exit code 1")
    files["logs/run-2024-10-02-1320.log"] = lines(out)
    tb = T(2024, 10, 1, 18, 41, 7)
    files["%s/journal.txt" % bad] = lines(
        journal_line(tb, bad, "kernel", "Linux version 5.14.0-427.37.1.el9_4.x86_64 (mockbuild@x86-64-02.build.eng.rdu2.redhat.com)"),
        journal_line(plus(tb, 9), bad, "systemd[1]", "Starting firewalld - dynamic firewall daemon..."),
        journal_line(plus(tb, 10), bad, "systemd[1]", "Started firewalld - dynamic firewall daemon."),
        journal_line(plus(tb, 12), bad, "NetworkManager[1102]", "<info>  [1727808079.4411] device (ens2f0np0): Activation: successful, device activated."),
        journal_line(plus(tb, 30), bad, "anaconda-post[1310]", "kickstart %post: restored /data from snapshot, users synced (rebuild after disk failure, ticket LAB-318)"),
        journal_line(T(2024, 10, 2, 13, 20, 13), bad, "sshd[88120]", "Accepted publickey for lhan from 10.18.2.11 port 50122 ssh2: ED25519 SHA256:Hk3t2..."),
    )
    files["%s/firewall-cmd-list-all.txt" % bad] = lines(
        "public (active)",
        "  target: default",
        "  icmp-block-inversion: no",
        "  interfaces: ens2f0np0",
        "  sources: ",
        "  services: cockpit dhcpv6-client ssh",
        "  ports: ",
        "  protocols: ",
        "  forward: yes",
        "  masquerade: no",
        "  forward-ports: ",
        "  source-ports: ",
        "  icmp-blocks: ",
        "  rich rules: ",
    )
    files["%s/ss-tlnp.txt" % bad] = lines(
        "State  Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess",
        "LISTEN 0      128          0.0.0.0:22         0.0.0.0:*    users:((\"sshd\",pid=1211,fd=3))",
        "LISTEN 0      4096               *:29400            *:*    users:((\"torchrun\",pid=%d,fd=5))" % pids[bad],
        "LISTEN 0      4096               *:9090             *:*    users:((\"systemd\",pid=1,fd=88))",
    )
    files["ml-srv-02/ping-ml-srv-01.txt"] = lines(
        "PING ml-srv-01 (10.18.2.11) 56(84) bytes of data.",
        "64 bytes from ml-srv-01 (10.18.2.11): icmp_seq=1 ttl=64 time=0.121 ms",
        "64 bytes from ml-srv-01 (10.18.2.11): icmp_seq=2 ttl=64 time=0.098 ms",
        "64 bytes from ml-srv-01 (10.18.2.11): icmp_seq=3 ttl=64 time=0.104 ms",
        "",
        "--- ml-srv-01 ping statistics ---",
        "3 packets transmitted, 3 received, 0% packet loss, time 2041ms",
        "rtt min/avg/max/mdev = 0.098/0.107/0.121/0.010 ms",
    )
    files["ml-srv-02/systemctl-firewalld.txt"] = lines(
        "○ firewalld.service - firewalld - dynamic firewall daemon",
        "     Loaded: loaded (/usr/lib/systemd/system/firewalld.service; disabled; preset: enabled)",
        "     Active: inactive (dead)",
        "       Docs: man:firewalld(1)",
    )
    files["ml-srv-03/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 200), "550.90.07", "12.4",
                                                        make_gpus(rng, 8, "NVIDIA L40S", ["01", "21", "41", "61", "81", "A1", "C1", "E1"],
                                                                  arch="Ada Lovelace", mem_total=46068, plimit=350.0, power_base=34.0)))
    lab = label("network", "infrastructure", bad, None, "restart_without_node",
                "ml-srv-02 and ml-srv-03 cannot open a TCP connection to the rendezvous store on ml-srv-01:29400 "
                "('errno: 113 - No route to host') although ping works and torchrun is listening there, so after "
                "900 s everyone fails with RendezvousConnectionError/RendezvousTimeoutError. ml-srv-01 was rebuilt "
                "the day before and now runs firewalld with only ssh/cockpit allowed (the other hosts have it "
                "disabled): that host's network filtering blocks the job; run without it as the rendezvous host.",
                "https://github.com/firewalld/firewalld/issues/1452")
    return name, files, lab


# =====================================================================================
# cs10: DeepSpeed/pdsh launch, one host down after a machine-check panic; 24/32 clients joined
# =====================================================================================
def cs10():
    rng = random.Random(10010)
    name = "cs10_deepspeed_host_unreachable_mce"
    nodes = ["ds-gpu-04", "ds-gpu-05", "ds-gpu-06", "ds-gpu-07"]
    bad = "ds-gpu-07"
    ips = ["10.20.0.14", "10.20.0.15", "10.20.0.16", "10.20.0.17"]
    t0 = T(2024, 3, 12, 14, 2, 11, 201000)
    files = {}
    files["hostfile"] = "\n".join("%s slots=8" % n for n in nodes) + "\n"
    files["run.sh"] = """#!/bin/bash
# ssh check is slow on this cluster, skip it
deepspeed --hostfile hostfile --no_ssh_check --master_addr 10.20.0.14 --master_port 29500 \\
  train_ds.py --deepspeed ds_zero3.json --model_name_or_path /models/llama-2-13b --data /data/sft_mix_v3
"""
    out = []
    out.append(ds_log(t0, "INFO", "real_accelerator.py:203:get_accelerator", "Setting ds_accelerator to cuda (auto detect)"))
    out.append(ds_log(plus(t0, 1.1), "INFO", "runner.py:568:main", "cmd = pdsh -S -f 1024 -w ds-gpu-04,ds-gpu-05,ds-gpu-06,ds-gpu-07 export PYTHONPATH=/home/ops/sft;  cd /home/ops/sft; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkcy1ncHUtMDQiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN10sICJkcy1ncHUtMDUiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --node_rank=%n --master_addr=10.20.0.14 --master_port=29500 train_ds.py --deepspeed ds_zero3.json --model_name_or_path /models/llama-2-13b --data /data/sft_mix_v3"))
    for i, n in enumerate(nodes[:3]):
        t = plus(t0, 3 + 0.2 * i)
        out.append("%s: %s" % (n, ds_log(t, "INFO", "launch.py:146:main", "WORLD INFO DICT: {'ds-gpu-04': [0, 1, 2, 3, 4, 5, 6, 7], 'ds-gpu-05': [0, 1, 2, 3, 4, 5, 6, 7], 'ds-gpu-06': [0, 1, 2, 3, 4, 5, 6, 7], 'ds-gpu-07': [0, 1, 2, 3, 4, 5, 6, 7]}")))
        out.append("%s: %s" % (n, ds_log(t, "INFO", "launch.py:152:main", "nnodes=4, num_local_procs=8, node_rank=%d" % i)))
        out.append("%s: %s" % (n, ds_log(t, "INFO", "launch.py:164:main", "dist_world_size=32")))
        out.append("%s: %s" % (n, ds_log(t, "INFO", "launch.py:168:main", "Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7")))
    t7 = plus(t0, 4.0)
    out.append("%s: ssh: connect to host %s port 22: No route to host" % (bad, bad))
    out.append("pdsh@ds-gpu-04: %s: ssh exited with exit code 255" % bad)
    for i, n in enumerate(nodes[:3]):
        for lr in (0, 5):
            r = i * 8 + lr
            t = plus(t0, 12 + 0.13 * i + 0.02 * lr + rng.random() * 0.01)
            out.append("%s: %s" % (n, ds_log(t, "INFO", "comm.py:652:init_distributed", "cdb=None")))
            out.append("%s: %s" % (n, ds_log(t, "INFO", "comm.py:683:init_distributed", "Initializing TorchBackend in DeepSpeed with backend nccl")))
    tt = plus(t0, 1813)
    out += prefix("ds-gpu-04: ", [
        "[rank0]: Traceback (most recent call last):",
        '[rank0]:   File "/home/ops/sft/train_ds.py", line 301, in <module>',
        "[rank0]:     deepspeed.init_distributed(dist_backend=\"nccl\", timeout=timedelta(minutes=30))",
        '[rank0]:   File "/opt/conda/lib/python3.10/site-packages/deepspeed/comm/comm.py", line 687, in init_distributed',
        "[rank0]:     cdb = TorchBackend(dist_backend, timeout, init_method, rank, world_size)",
        '[rank0]:   File "/opt/conda/lib/python3.10/site-packages/deepspeed/comm/torch.py", line 112, in __init__',
        "[rank0]:     self.init_process_group(backend, timeout, init_method, rank, world_size)",
        '[rank0]:   File "/opt/conda/lib/python3.10/site-packages/torch/distributed/rendezvous.py", line 203, in _create_c10d_store',
        "[rank0]:     return TCPStore(",
        "[rank0]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined.",
    ])
    out.append("ds-gpu-04: " + ds_log(plus(tt, 1), "INFO", "launch.py:319:sigkill_handler", "Killing subprocess 401221"))
    for i, n in enumerate(nodes[1:3], 1):
        out.append("%s: [rank%d]: torch.distributed.DistNetworkError: Connection reset by peer" % (n, i * 8))
        out.append("%s: %s" % (n, ds_log(plus(tt, 2 + i), "ERROR", "launch.py:325:sigkill_handler",
                                         "['/opt/conda/bin/python', '-u', 'train_ds.py', '--local_rank=0', '--deepspeed', 'ds_zero3.json'] exits with return code = 1")))
    out.append("pdsh@ds-gpu-04: ds-gpu-04: ssh exited with exit code 1")
    out.append("pdsh@ds-gpu-04: ds-gpu-05: ssh exited with exit code 1")
    out.append("pdsh@ds-gpu-04: ds-gpu-06: ssh exited with exit code 1")
    files["deepspeed-launch.log"] = lines(out)
    files["%s/ipmi-sel.txt" % bad] = lines(
        "   1 | 02/27/2024 | 08:12:44 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted",
        "  2a | 03/12/2024 | 13:41:09 | Processor #0x1a | Machine Check Exception (Uncorrectable) | Asserted",
        "  2b | 03/12/2024 | 13:41:09 | Memory #0x87 | Uncorrectable ECC | Asserted | CPU1_DIMM_C1",
        "  2c | 03/12/2024 | 13:41:10 | OS Critical Stop #0x46 | Run-time critical stop | Asserted",
    )
    files["%s/sol-console.log" % bad] = lines(
        "[1730021.114522] mce: [Hardware Error]: CPU 40: Machine Check Exception: 5 Bank 13: be00000001010090",
        "[1730021.114531] mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa8e2c1d4> {clear_page_erms+0x14/0x20}",
        "[1730021.114535] mce: [Hardware Error]: TSC 2f3e1a8c0b21 ADDR 3f81c2a400 MISC 200000c020001086 PPIN 2b9c4e6a5f112e33",
        "[1730021.114539] mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1710250869 SOCKET 1 APIC 50 microcode 2b000590",
        "[1730021.114542] mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
        "[1730021.114544] mce: [Hardware Error]: Machine check: Processor context corrupt",
        "[1730021.114546] Kernel panic - not syncing: Fatal machine check",
        "[1730021.122109] Kernel Offset: 0x27000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)",
    )
    files["%s/ping-from-ds-gpu-04.txt" % bad] = lines(
        "PING ds-gpu-07 (10.20.0.17) 56(84) bytes of data.",
        "From ds-gpu-04 (10.20.0.14) icmp_seq=1 Destination Host Unreachable",
        "From ds-gpu-04 (10.20.0.14) icmp_seq=2 Destination Host Unreachable",
        "From ds-gpu-04 (10.20.0.14) icmp_seq=3 Destination Host Unreachable",
        "",
        "--- ds-gpu-07 ping statistics ---",
        "3 packets transmitted, 0 received, +3 errors, 100% packet loss, time 2047ms",
    )
    files["ds-gpu-05/dmesg.txt"] = lines(
        dmesg_line(912733.4, "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready"),
        dmesg_line(912790.1, "EXT4-fs (nvme1n1): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none."),
    )
    files["ds-gpu-05/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 1900), "535.161.08", "12.2",
                                                        make_gpus(rng, 8, "NVIDIA A100-SXM4-80GB", A100_BUS, arch="Ampere", plimit=400.0, power_base=60.0)))
    lab = label("host", "infrastructure", bad, None, "restart_without_node",
                "pdsh could never reach ds-gpu-07 ('ssh: connect to host ds-gpu-07 port 22: No route to host', "
                "exit 255), so its eight ranks never started and rank 0's store timed out with '24/32 clients "
                "joined'; the other errors are consequences. ds-gpu-07's SEL and serial console show an "
                "uncorrectable machine check (CPU1_DIMM_C1) and 'Kernel panic - not syncing: Fatal machine check' "
                "twenty minutes before launch: a host hardware fault on that node.",
                "https://github.com/BAAI-WuDao/EVA/issues/3")
    return name, files, lab


CASES = [cs01, cs02, cs03, cs04, cs05, cs06, cs07, cs08, cs09, cs10]
