"""Cases ce08-ce14: environment errors (kind 3) and storage failures (kind 4)."""
from common import *  # noqa: F401,F403
from cases_a import pre, torchrun_head


def sigterm_agent(t, tid, pid_agent, pids_workers):
    L = ["W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (pyglog(t), tid)]
    for p in pids_workers:
        L.append(elastic_sigterm(t, tid, p))
    L += ["Traceback (most recent call last):",
          '  File "/opt/venvs/pt24/bin/torchrun", line 8, in <module>',
          "    sys.exit(main())",
          '  File "/opt/venvs/pt24/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", line 864, in _invoke_run',
          "    time.sleep(monitor_interval)",
          '  File "/opt/venvs/pt24/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/api.py", line 79, in _terminate_process_handler',
          "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
          "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % pid_agent]
    return L


# =====================================================================================
# ce08: one node reimaged with an old driver -> 'driver too old' only there
# =====================================================================================
def ce08(out):
    b = Bundle(out, "ce08_ranks_on_one_host_fail_at_cuda_init")
    nodes = ["trn-n01", "trn-n02", "trn-n03", "trn-n04"]
    bad = "trn-n03"
    t0 = T("2024-08-06 09:14:02")
    fail = T("2024-08-06 09:14:31.220110")
    kill = T("2024-08-06 09:14:33")
    b.w("train.sbatch", ["#!/bin/bash", "#SBATCH -J mistral-ft -N 4 --ntasks-per-node=1 --gres=gpu:8 -p a100 --kill-on-invalid-dep=yes",
                         "source /opt/venvs/pt24/bin/activate   # shared venv on /opt (NFS)",
                         "srun --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $(hostname):29400 \\",
                         "     --tee 3 train.py --model mistral-7b --data /data/sft/mix-v3 --bf16"])
    b.w("pip-freeze-excerpt.txt", ["torch==2.4.0+cu124", "nvidia-cuda-runtime-cu12==12.4.99", "nvidia-nccl-cu12==2.20.5", "transformers==4.43.3", "accelerate==0.33.0"])
    for i, n in enumerate(nodes):
        tid = 5120 + i
        pid0 = 88210 + 17 * i
        N = torchrun_head(t0, tid)
        N.append("I%s %d torch/distributed/elastic/agent/server/api.py:892] [default] Rendezvous complete for workers. Result:" % (pyglog(add(t0, seconds=11)), tid))
        N.append("  restart_count=0\n  master_addr=trn-n01\n  master_port=41733\n  group_rank=%d\n  group_world_size=4\n  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]\n  role_ranks=[%s]\n  global_ranks=[%s]\n  role_world_sizes=[32, 32, 32, 32, 32, 32, 32, 32]\n  global_world_sizes=[32, 32, 32, 32, 32, 32, 32, 32]"
                 % (i, ", ".join(str(i * 8 + k) for k in range(8)), ", ".join(str(i * 8 + k) for k in range(8))))
        if n == bad:
            for l in range(8):
                p = "[default%d]:" % l
                N += pre(["/opt/venvs/pt24/lib/python3.11/site-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
                          "  return torch._C._cuda_getDeviceCount() > 0",
                          "Traceback (most recent call last):",
                          '  File "/home/mkovacs/ft/train.py", line 402, in <module>', "    main()",
                          '  File "/home/mkovacs/ft/train.py", line 151, in main', "    torch.cuda.set_device(local_rank)",
                          '  File "/opt/venvs/pt24/lib/python3.11/site-packages/torch/cuda/__init__.py", line 420, in set_device', "    torch._C._cuda_setDevice(device)",
                          '  File "/opt/venvs/pt24/lib/python3.11/site-packages/torch/cuda/__init__.py", line 314, in _lazy_init', "    torch._C._cuda_init()",
                          "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."], p)
            N.append(elastic_fail(add(fail, seconds=1), tid, 0, pid0, 1, binary="/opt/venvs/pt24/bin/python"))
            N += child_failed("train.py", dict(time=add(fail, seconds=1), host=n, rank=16, local=0, exitcode=1, pid=pid0),
                              [dict(time=add(fail, seconds=1), host=n, rank=16 + k, local=k, exitcode=1, pid=pid0 + k) for k in range(1, 4)],
                              torchrun="/opt/venvs/pt24/bin/torchrun", sp="/opt/venvs/pt24/lib/python3.11/site-packages")
        else:
            N.append("[default0]:[2024-08-06 09:14:2%d,4%02d] [INFO] [train.py:166] rank %d: init_process_group(backend='nccl', timeout=0:30:00)" % (i + 3, 10 + i, i * 8))
            N += sigterm_agent(kill, tid, 4400 + i, [pid0 + k for k in range(8)])
        b.w("%s/torchrun.log" % n, N)
        drv, cuda = ("470.223.02", "11.4") if n == bad else ("550.90.07", "12.4")
        b.w("%s/nvidia-smi.txt" % n, smi_table(add(kill, minutes=4), drv, cuda, [a100(x, temp=31, perf="P0", pwr=62, used=4, util=0) for x in BUS8], []))
    b.w("%s/provision.log" % bad, [
        "%s %s cloud-init[1841]: [node-provision] golden image: a100-base-2023.07 (driver 470.223.02, fabricmanager 470.223.02)" % (syslog(T("2024-08-05 22:41:10")), bad),
        "%s %s cloud-init[1841]: [node-provision] WARNING: requested image a100-base-2024.06 not found in cache, falling back to a100-base-2023.07" % (syslog(T("2024-08-05 22:41:10")), bad),
        "%s %s nvidia-fabricmanager[2210]: Successfully configured all the available NVSwitches to route GPU NVLink traffic." % (syslog(T("2024-08-05 22:44:51")), bad),
        "%s %s slurmd[2390]: slurmd version 23.11.4 started" % (syslog(T("2024-08-05 22:45:02")), bad),
        "%s %s slurmd[2390]: CPUs=128 Boards=1 Sockets=2 Cores=64 Threads=1 Memory=2063884 TmpDisk=3576279 Uptime=232 CPUSpecList=(null) FeaturesAvail=(null) FeaturesActive=(null)" % (syslog(T("2024-08-05 22:45:02")), bad)])
    b.w("slurm-771203.out", ["srun: error: trn-n03: task 2: Exited with exit code 1",
                             "srun: launch/slurm: _step_signal: Terminating StepId=771203.0",
                             "slurmstepd: error: *** STEP 771203.0 ON trn-n01 CANCELLED AT %s ***" % slurm_ts(kill),
                             "srun: error: trn-n01: task 0: Exited with exit code 1",
                             "srun: error: trn-n02: task 1: Exited with exit code 1",
                             "srun: error: trn-n04: task 3: Exited with exit code 1"])
    b.label("dependency", "infrastructure", bad, None, "restart_without_node",
            "Only trn-n03's ranks fail, at CUDA init, with 'NVIDIA driver on your system is too old (found version 11040)'; its nvidia-smi shows driver 470.223.02/CUDA 11.4 while the other three run 550.90.07, and its provisioning log shows it fell back to an old golden image. The shared venv is fine elsewhere, so exclude/re-provision the node.",
            "https://github.com/lllyasviel/Fooocus/issues/1313")
    return b


# =====================================================================================
# ce09: the job image breaks TE import on all three pods
# =====================================================================================
def ce09(out):
    b = Bundle(out, "ce09_importerror_on_every_pod_at_startup")
    nodes = ["gke-ml-a3-pool-2-8c1f", "gke-ml-a3-pool-2-b0d4", "gke-ml-a3-pool-2-e77a"]
    img = "us-central1-docker.pkg.dev/acme-ml/platform/megatron-te:24.08-r2"
    b.w("Dockerfile.platform", [
        "# maintained by ml-platform; used by all Megatron jobs",
        "FROM nvcr.io/nvidia/pytorch:24.08-py3",
        "RUN pip install --no-cache-dir --upgrade torch==2.5.0 torchvision==0.20.0 --index-url https://download.pytorch.org/whl/cu124",
        "RUN pip install --no-cache-dir 'megatron-core==0.9.0' wandb==0.18.1 sentencepiece",
        "COPY Megatron-LM /workspace/Megatron-LM"])
    b.w("pytorchjob.yaml", ["apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: mcore-moe-8x7b", "  namespace: research",
                            "spec:", "  pytorchReplicaSpecs:", "    Master:", "      replicas: 1", "      template:", "        spec:", "          containers:",
                            "          - name: pytorch", "            image: %s" % img,
                            "            command: [\"torchrun\", \"--nproc-per-node=8\", \"/workspace/Megatron-LM/pretrain_gpt.py\", \"--num-experts\", \"8\", \"--transformer-impl\", \"transformer_engine\"]",
                            "    Worker:", "      replicas: 2", "      restartPolicy: OnFailure"])
    pods = ["mcore-moe-8x7b-master-0", "mcore-moe-8x7b-worker-0", "mcore-moe-8x7b-worker-1"]
    t = T("2024-10-02 07:31:14")
    for i, (n, p) in enumerate(zip(nodes, pods)):
        tid = 1 + i
        N = ["", "=============", "== PyTorch ==", "=============", "", "NVIDIA Release 24.08 (build 107063150)", "PyTorch Version 2.5.0a0+872d972", "",
             "Container image Copyright (c) 2024, NVIDIA CORPORATION & AFFILIATES. All rights reserved.", ""]
        N += torchrun_head(add(t, seconds=i), 1)
        for l in range(8):
            if l not in (0, 3):
                continue
            N += pre(["Traceback (most recent call last):",
                      '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 17, in <module>', "    from megatron.core.models.gpt import GPTModel",
                      '  File "/workspace/Megatron-LM/megatron/core/models/gpt/__init__.py", line 2, in <module>', "    from .gpt_model import GPTModel",
                      '  File "/workspace/Megatron-LM/megatron/core/models/gpt/gpt_model.py", line 18, in <module>', "    from megatron.core.transformer.transformer_block import TransformerBlock",
                      '  File "/workspace/Megatron-LM/megatron/core/transformer/transformer_block.py", line 31, in <module>', "    from megatron.core.extensions.transformer_engine import (",
                      '  File "/workspace/Megatron-LM/megatron/core/extensions/transformer_engine.py", line 11, in <module>', "    import transformer_engine as te",
                      '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/__init__.py", line 10, in <module>', "    import transformer_engine.pytorch",
                      '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py", line 34, in <module>', "    _load_library()",
                      '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py", line 29, in _load_library', "    spec.loader.exec_module(solib)",
                      "ImportError: /usr/local/lib/python3.10/dist-packages/transformer_engine/transformer_engine_torch.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"],
                     "[default%d]:" % l)
        tf = add(t, seconds=19 + i)
        N.append(elastic_fail(tf, 1, 0, 140 + i, 1))
        N += child_failed("/workspace/Megatron-LM/pretrain_gpt.py", dict(time=tf, host=p, rank=i * 8, local=0, exitcode=1, pid=140 + i),
                          [dict(time=tf, host=p, rank=i * 8 + k, local=k, exitcode=1, pid=140 + i + k) for k in range(1, 8)])
        b.w("%s/%s.log" % (n, p), N)
        b.w("%s/kubectl-describe-pod.txt" % n, [
            "Name:             %s" % p, "Namespace:        research", "Node:             %s/10.8.0.%d" % (n, 14 + i),
            "Containers:", "  pytorch:", "    Image:          %s" % img,
            "    Image ID:       %s@sha256:9e1b0c4f77a2d1e3f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2" % img.split(":")[0],
            "    State:          Waiting", "      Reason:       CrashLoopBackOff", "    Last State:     Terminated", "      Reason:       Error", "      Exit Code:    1",
            "    Restart Count:  4", "Events:", "  Type     Reason   Age                  From     Message", "  ----     ------   ----                 ----     -------",
            "  Normal   Pulled   6m (x5 over 9m)      kubelet  Container image \"%s\" already present on machine" % img,
            "  Warning  BackOff  1m12s (x21 over 8m)  kubelet  Back-off restarting failed container pytorch in pod %s_research(3f2%d9c1e-0a8b-4c7d-9e1f-%012d)" % (p, i, 4417 + i)])
        b.w("%s/nvidia-smi.txt" % n, smi_table(add(t, minutes=9), "550.90.07", "12.4", [h100(x, temp=30, pwr=69, used=0, util=0) for x in BUS8], []))
    b.w("pip-list-in-image.txt", ["$ docker run --rm %s pip list 2>/dev/null | grep -Ei 'torch|transformer'" % img,
                                  "pytorch-triton                3.1.0", "torch                         2.5.0+cu124", "torchvision                   0.20.0+cu124",
                                  "transformer_engine            1.9.0+e79d915"])
    b.label("dependency", "framework", None, None, "stop",
            "All three pods crash at import with the same undefined C++ symbol in transformer_engine_torch.so; the platform image upgraded torch to 2.5.0 over the NGC 24.08 build that TE 1.9 was compiled against. "
            "It is the job image on every node, not a node problem; rebuild the image (matching torch/TE) before rerunning.",
            "https://github.com/NVIDIA/TransformerEngine/issues/1192")
    return b


# =====================================================================================
# ce10: Lmod cudnn module missing on g2-11 only -> ImportError libcudnn.so.9 on its 4 tasks
# =====================================================================================
def ce10(out):
    b = Bundle(out, "ce10_tasks_12_to_15_exit_with_importerror")
    nodes = ["g2-08", "g2-09", "g2-10", "g2-11", "g2-12"]
    bad = "g2-11"
    t0 = T("2024-02-27 16:02:40")
    b.w("job.sh", ["#!/bin/bash", "#SBATCH -N 5 --ntasks-per-node=4 --gpus-per-task=1 --cpus-per-task=16 -t 24:00:00 -A astro-ml",
                   "export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -1) MASTER_PORT=29512",
                   "srun -l --cpu-bind=cores ./run_task.sh"])
    b.w("run_task.sh", ["#!/bin/bash", "module purge", "module load gcc/12.2.0 cuda/12.4.1 cudnn/9.1.0 nccl/2.20.5 openmpi/4.1.6",
                        "source $HOME/envs/torch-src-2.3/bin/activate   # torch built from source against site cuDNN",
                        "export RANK=$SLURM_PROCID WORLD_SIZE=$SLURM_NTASKS LOCAL_RANK=$SLURM_LOCALID",
                        "exec python -u train_unet3d.py --config cfg/sim_256.yaml"])
    S = []
    for i, n in enumerate(nodes):
        for l in range(4):
            r = i * 4 + l
            if n == bad:
                S += ["%d: Lmod has detected the following error:  The following module(s) are unknown: \"cudnn/9.1.0\"" % r,
                      "%d: " % r, "%d: Please check the spelling or version number. Also try \"module spider ...\"" % r,
                      "%d: It is also possible your cache file is out-of-date; it may help to try:" % r,
                      "%d:   $ module --ignore_cache load \"cudnn/9.1.0\"" % r, "%d: " % r,
                      "%d: Also make sure that all modulefiles written in TCL start with the string #%%Module" % r]
    for i, n in enumerate(nodes):
        for l in range(4):
            r = i * 4 + l
            if n == bad:
                S += ["%d: Traceback (most recent call last):" % r,
                      '%d:   File "/home/rfeng/unet3d/train_unet3d.py", line 9, in <module>' % r, "%d:     import torch" % r,
                      '%d:   File "/home/rfeng/envs/torch-src-2.3/lib/python3.11/site-packages/torch/__init__.py", line 237, in <module>' % r,
                      "%d:     from torch._C import *  # noqa: F403" % r,
                      "%d: ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory" % r]
            else:
                S.append("%d: [%s] rank %d/20 on %s: cuda:%d %s, cudnn 90100, nccl (2, 20, 5)" % (r, pylog(add(t0, seconds=9 + r * 0.1)), r, n, l, "NVIDIA A100-SXM4-40GB"))
    S += ["srun: error: g2-11: tasks 12-15: Exited with exit code 1",
          "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
          "slurmstepd: error: *** STEP 3310982.0 ON g2-08 CANCELLED AT %s ***" % slurm_ts(add(t0, seconds=44)),
          "0: [W227 16:03:24.118240571 socket.cpp:697] [c10d] The client socket has failed to connect to [g2-08]:29512 (errno: 104 - Connection reset by peer).",
          "srun: error: g2-08: tasks 0-3: Terminated", "srun: error: g2-09: tasks 4-7: Terminated",
          "srun: error: g2-10: tasks 8-11: Terminated", "srun: error: g2-12: tasks 16-19: Terminated",
          "srun: Force Terminated StepId=3310982.0"]
    b.w("slurm-3310982.out", S)
    for i, n in enumerate(nodes):
        if n == bad:
            av = ["$ module -t avail cudnn", "/opt/site/modulefiles/Core:", "cudnn/8.9.7", "",
                  "$ ls /opt/site/sw/cudnn/", "8.9.7", "", "$ cat /etc/site-image-release", "hpc-gpu-image 2023.11.2 (built 2023-11-20)"]
        else:
            av = ["$ module -t avail cudnn", "/opt/site/modulefiles/Core:", "cudnn/8.9.7", "cudnn/9.1.0", "",
                  "$ ls /opt/site/sw/cudnn/", "8.9.7  9.1.0", "", "$ cat /etc/site-image-release", "hpc-gpu-image 2024.02.1 (built 2024-02-09)"]
        b.w("%s/module-avail.txt" % n, av)
        bt = T("2024-02-1%d 08:0%d:30" % (2 + i, i))
        D = boot_lines(bt, n, kernel="4.18.0-513.11.1.el8_9.x86_64")
        D.append("%s nvidia-nvlink: Nvlink Core is being initialized, major device number 236" % up(add(bt, seconds=11), bt))
        if n == "g2-09":
            D.append("%s nfs: server homefs02 not responding, still trying" % up(T("2024-02-25 03:12:40.100200"), bt))
            D.append("%s nfs: server homefs02 OK" % up(T("2024-02-25 03:12:52.003114"), bt))
        b.w("%s/dmesg.txt" % n, D)
    b.label("dependency", "infrastructure", bad, None, "restart_without_node",
            "Only the four tasks on g2-11 fail: Lmod cannot find cudnn/9.1.0 there and 'import torch' then cannot load libcudnn.so.9; g2-11 still runs the 2023.11 site image (cudnn 8.9.7 only) while the other nodes have 9.1.0. "
            "The rest of the job never got past rendezvous, so exclude/re-image g2-11.",
            "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/91")
    return b


# =====================================================================================
# ce11: user's requirements.txt pins numpy 2.x -> every rank fails importing pandas
# =====================================================================================
def ce11(out):
    b = Bundle(out, "ce11_valueerror_dtype_size_changed_on_all_ranks")
    nodes = ["hpc-g031", "hpc-g032", "hpc-g033", "hpc-g034"]
    t0 = T("2024-09-19 11:40:05")
    b.w("requirements.txt", ["# env for recsys-ddp, pinned by alee 2024-09-18", "pandas==2.0.3", "pyarrow==14.0.2",
                             "numpy==2.1.1          # needed by new tokenizer preproc script", "torchmetrics==1.4.1", "wandb"])
    b.w("launch.sbatch", ["#SBATCH -N 4 --gpus-per-node=8 --ntasks-per-node=1",
                          "srun bash -c 'pip install --user -q -r requirements.txt && torchrun --nnodes 4 --nproc-per-node 8 --node-rank $SLURM_NODEID \\",
                          "   --master-addr hpc-g031 --master-port 29522 train_dlrm.py --data /gpfs/recsys/criteo1tb'"])
    for i, n in enumerate(nodes):
        N = ["Successfully installed numpy-2.1.1",
             "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.",
             "torchrec 0.7.0 requires numpy<2, but you have numpy 2.1.1 which is incompatible."]
        N += torchrun_head(add(t0, seconds=i), 7100 + i)
        for l in range(8):
            p = "[default%d]:" % l
            if l in (0, 5):
                N += pre(["", "A module that was compiled using NumPy 1.x cannot be run in", "NumPy 2.1.1 as it may crash. To support both 1.x and 2.x",
                          "versions of NumPy, modules must be compiled with NumPy 2.0.", "Some module may need to rebuild instead e.g. with 'pybind11>=2.12'.", "",
                          "If you are a user of the module, the easiest solution will be to", "downgrade to 'numpy<2' or try to upgrade the affected module.",
                          "We expect that some modules will need time to support NumPy 2.", "",
                          "Traceback (most recent call last):",
                          '  File "/home/alee/recsys/train_dlrm.py", line 12, in <module>', "    import pandas as pd",
                          '  File "/home/alee/.local/lib/python3.10/site-packages/pandas/__init__.py", line 22, in <module>',
                          "    from pandas.compat import is_numpy_dev as _is_numpy_dev  # pyright: ignore # noqa:F401",
                          '  File "/home/alee/.local/lib/python3.10/site-packages/pandas/_libs/__init__.py", line 18, in <module>',
                          "    from pandas._libs.interval import Interval",
                          '  File "interval.pyx", line 1, in init pandas._libs.interval',
                          "ValueError: numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 from PyObject"], p)
            else:
                N += pre(["ValueError: numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 from PyObject"], p)
        tf = add(t0, seconds=31 + i)
        N.append(elastic_fail(tf, 7100 + i, 0, 6610 + i * 9, 1))
        N += child_failed("train_dlrm.py", dict(time=tf, host=n, rank=i * 8, local=0, exitcode=1, pid=6610 + i * 9),
                          [dict(time=tf, host=n, rank=i * 8 + k, local=k, exitcode=1, pid=6610 + i * 9 + k) for k in range(1, 8)])
        b.w("%s/stdout.log" % n, N)
        b.w("%s/nvidia-smi.txt" % n, smi_table(add(t0, minutes=2), "535.183.01", "12.2", [a100(x, temp=29, pwr=58, used=1, util=0) for x in BUS8_B], []))
    b.w("slurm-5512093.out", ["srun: error: hpc-g031: task 0: Exited with exit code 1", "srun: error: hpc-g033: task 2: Exited with exit code 1",
                              "srun: error: hpc-g032: task 1: Exited with exit code 1", "srun: error: hpc-g034: task 3: Exited with exit code 1"])
    b.label("dependency", "script", None, None, "stop",
            "Every rank on all four nodes dies at 'import pandas' with the NumPy 1.x/2.x ABI error; the job's own requirements.txt pins numpy==2.1.1 against a pandas 2.0.3 built for NumPy 1 (pip even warns torchrec needs numpy<2). "
            "The user's pin must be fixed; no node is at fault.",
            "https://github.com/awslabs/awsome-distributed-ai/pull/458")
    return b


# =====================================================================================
# ce12: checkpoint save fails with EDQUOT on every rank (Lustre project quota)
# =====================================================================================
def ce12(out):
    b = Bundle(out, "ce12_checkpoint_save_fails_at_step_12000")
    nodes = ["gn-01", "gn-02", "gn-03", "gn-04", "gn-05", "gn-06"]
    t_save = T("2024-12-03 05:40:11")
    t_err = T("2024-12-03 05:41:47.005211")
    for i, n in enumerate(nodes):
        N = []
        if i == 0:
            N += ["[default0]:[rank0]:[2024-12-03 05:39:58] step 11990 | loss 1.8813 | lr 2.81e-04 | tok/s/gpu 3912",
                  "[default0]:[rank0]:[2024-12-03 05:40:11] step 12000 | loss 1.8810 | lr 2.81e-04 | tok/s/gpu 3907",
                  "[default0]:[rank0]:[2024-12-03 05:40:11] saving DCP checkpoint to /lustre/fs1/proj/llm-ft/ckpt/step-12000"]
        for l in range(8):
            r = i * 8 + l
            if l not in (0, 4):
                continue
            N += pre(["[rank%d]: Traceback (most recent call last):" % r,
                      '[rank%d]:   File "/lustre/fs1/proj/llm-ft/src/train_fsdp.py", line 544, in <module>' % r, "[rank%d]:     main()" % r,
                      '[rank%d]:   File "/lustre/fs1/proj/llm-ft/src/train_fsdp.py", line 512, in main' % r,
                      "[rank%d]:     dcp.save(state_dict, checkpoint_id=ckpt_dir)" % r,
                      '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/state_dict_saver.py", line 304, in _save_state_dict' % r,
                      "[rank%d]:     return distW.all_reduce(\"write\", write_data, finish_checkpoint)" % r,
                      '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/utils.py", line 210, in all_reduce' % r,
                      "[rank%d]:     raise CheckpointException(step, node_failures)" % r,
                      "[rank%d]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])" % (r, ", ".join(str(k) for k in range(48))),
                      "[rank%d]: Traceback: (RANK 0)" % r,
                      '[rank%d]:     File "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint/filesystem.py", line 327, in _write_files_from_queue' % r,
                      '[rank%d]:     with create_stream(file_name, "wb") as stream:' % r,
                      "[rank%d]: OSError: [Errno 122] Disk quota exceeded: '/lustre/fs1/proj/llm-ft/ckpt/step-12000/__0_0.distcp'" % r,
                      "[rank%d]: Traceback: (RANK 1)" % r,
                      "[rank%d]: OSError: [Errno 122] Disk quota exceeded: '/lustre/fs1/proj/llm-ft/ckpt/step-12000/__1_0.distcp'" % r,
                      "[rank%d]: ..." % r,
                      "[rank%d]: Traceback: (RANK 47)" % r,
                      "[rank%d]: OSError: [Errno 122] Disk quota exceeded: '/lustre/fs1/proj/llm-ft/ckpt/step-12000/__47_0.distcp'" % r],
                     "[default%d]:" % l)
        tf = add(t_err, seconds=3 + i)
        N.append(elastic_fail(tf, 3301 + i, 0, 50110 + 8 * i, 1))
        N += child_failed("/lustre/fs1/proj/llm-ft/src/train_fsdp.py", dict(time=tf, host=n, rank=i * 8, local=0, exitcode=1, pid=50110 + 8 * i,
                                                                            error_file="/tmp/torchelastic_x1f0q2/attempt_0/0/error.json",
                                                                            tb="Traceback (most recent call last): ... OSError: [Errno 122] Disk quota exceeded"), [])
        b.w("%s/torchrun.log" % n, N)
        bt = T("2024-11-2%d 10:00:0%d" % (1 + i % 4, i))
        D = boot_lines(bt, n, kernel="4.18.0-477.27.1.el8_8.x86_64")
        D += ["%s LustreError: 11-0: fs1-OST00%02d-osc-ffff8e6c41f2b000: operation ost_write to node 10.40.2.%d@o2ib failed: rc = -122" % (up(add(t_err, milliseconds=-400 + 37 * i), bt), 20 + i, 31 + i),
              "%s LustreError: 3381:0:(osc_request.c:1791:osc_brw_fini_request()) fs1-OST00%02d-osc-ffff8e6c41f2b000: failed to write: rc = -122" % (up(add(t_err, milliseconds=-390 + 37 * i), bt), 20 + i)]
        b.w("%s/dmesg.txt" % n, D)
        dfl = ["Filesystem                         Size  Used Avail Use% Mounted on",
               "/dev/nvme0n1p2                     437G   61G  377G  14% /",
               "/dev/md0                           6.9T  %s  %s  %s /tmp" % (("6.4T", "512G", "93%") if n == "gn-05" else ("1.1T", "5.8T", "16%")),
               "10.40.2.10@o2ib:10.40.2.11@o2ib:/fs1  4.2P  2.9P  1.2P  71% /lustre/fs1"]
        b.w("%s/df-h.txt" % n, dfl)
    b.w("lfs-quota.txt", ["$ lfs quota -h -p 40213 /lustre/fs1", "Disk quotas for prj 40213 (pid 40213):",
                          "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                          "    /lustre/fs1  100.1T*   100T    100T       -  1.183M       0       0       -",
                          "", "$ lfs project -d /lustre/fs1/proj/llm-ft", " 40213 P /lustre/fs1/proj/llm-ft"])
    b.w("slurm-1200459.out", ["srun: error: gn-0%d: task %d: Exited with exit code 1" % (i + 1, i) for i in range(6)])
    b.label("storage", "infrastructure", None, None, "stop",
            "All 48 ranks on all six nodes fail the step-12000 DCP save with EDQUOT (Errno 122) and every node's kernel logs ost_write rc=-122; lfs quota shows project 40213 at its 100T hard limit. "
            "The shared filesystem quota will not clear by itself, so stop until space/quota is freed (gn-05's 93% /tmp is unrelated).",
            "https://github.com/open-mmlab/mmdetection/issues/12069")
    return b


# =====================================================================================
# ce13: node-local NVMe full on gpu-e04 -> ENOSPC on its 8 ranks, others time out in barrier
# =====================================================================================
def ce13(out):
    b = Bundle(out, "ce13_barrier_timeouts_after_checkpoint")
    nodes = ["gpu-e01", "gpu-e02", "gpu-e03", "gpu-e04", "gpu-e05"]
    bad = "gpu-e04"
    t_save = T("2024-04-16 20:00:04")
    t_err = T("2024-04-16 20:00:39.772104")
    t_to = T("2024-04-16 20:30:05.118300")
    for i, n in enumerate(nodes):
        N = []
        if i == 0:
            N += ["[default0]:Epoch 3:  61%|██████    | 6100/10000 [3:41:07<2:21:22,  2.18s/it, v_num=x3k1, train_loss=0.917]",
                  "[default0]:[%s][ckpt][INFO] - staging sharded checkpoint epoch=3-step=36100 to /mnt/localssd/ckpt_stage (then gsutil -m rsync to gs://acme-vlm/ckpt)" % pylog(t_save)]
        if n == bad:
            for l in range(8):
                r = i * 8 + l
                sp = "/usr/local/lib/python3.11/site-packages"
                N += pre(["[rank%d]: [ckpt] writing /mnt/localssd/ckpt_stage/epoch=3-step=36100/shard-%05d.pt (1.88 GB)" % (r, r),
                          "[rank%d]: Traceback (most recent call last):" % r,
                          '[rank%d]:   File "%s/torch/serialization.py", line 652, in save' % (r, sp),
                          "[rank%d]:     _save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)" % r,
                          '[rank%d]:   File "%s/torch/serialization.py", line 886, in _save' % (r, sp),
                          "[rank%d]:     zip_file.write_record(name, storage, num_bytes)" % r,
                          "[rank%d]: OSError: [Errno 28] No space left on device" % r,
                          "[rank%d]: " % r,
                          "[rank%d]: During handling of the above exception, another exception occurred:" % r,
                          "[rank%d]: " % r,
                          "[rank%d]: Traceback (most recent call last):" % r,
                          '[rank%d]:   File "/app/vlm/train.py", line 301, in <module>' % r, "[rank%d]:     trainer.fit(model, datamodule=dm, ckpt_path=\"last\")" % r,
                          '[rank%d]:   File "%s/lightning/pytorch/callbacks/model_checkpoint.py", line 384, in _save_checkpoint' % (r, sp),
                          "[rank%d]:     trainer.save_checkpoint(filepath, self.save_weights_only)" % r,
                          '[rank%d]:   File "%s/lightning/pytorch/strategies/fsdp.py", line 601, in save_checkpoint' % (r, sp),
                          "[rank%d]:     torch.save(checkpoint, path / f\"shard-{self.global_rank:05d}.pt\")" % r,
                          '[rank%d]:   File "%s/torch/serialization.py", line 651, in save' % (r, sp),
                          "[rank%d]:     with _open_zipfile_writer(f) as opened_zipfile:" % r,
                          '[rank%d]:   File "%s/torch/serialization.py", line 499, in __exit__' % (r, sp),
                          "[rank%d]:     self.file_like.write_end_of_file()" % r,
                          "[rank%d]: RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 1884160576 vs 1884160464" % r],
                         "[default%d]:" % l)
            tf = add(t_err, seconds=2)
            N.append(elastic_fail(tf, 901, 0, 2210, 1, binary="/usr/local/bin/python3.11"))
            N += child_failed("/app/vlm/train.py", dict(time=tf, host=n, rank=24, local=0, exitcode=1, pid=2210), [dict(time=tf, host=n, rank=24 + k, local=k, exitcode=1, pid=2210 + k) for k in (1, 2)],
                              sp="/usr/local/lib/python3.11/site-packages")
        else:
            for l in range(8):
                r = i * 8 + l
                N += pre(watchdog_timeout(r, add(t_to, milliseconds=9 * r), 930117, "ALLREDUCE", 1, 1800000, 1800000 + r, 930117, 930116, full=(l == 0),
                                          tl="/usr/local/lib/python3.11/site-packages/torch/lib"), "[default%d]:" % l)
        b.w("%s/torchrun.log" % n, N)
        if n == bad:
            df = ["Filesystem      Size  Used Avail Use% Mounted on", "/dev/sda1       194G   41G  154G  21% /",
                  "/dev/md127      2.9T  2.9T     0 100% /mnt/localssd", "tmpfs           1.8T  7.1G  1.8T   1% /dev/shm"]
            b.w("%s/du-localssd.txt" % n, ["$ sudo du -xsh /mnt/localssd/* | sort -h", "1.1G\t/mnt/localssd/lost+found", "14G\t/mnt/localssd/ckpt_stage",
                                            "2.8T\t/mnt/localssd/enroot-data-svc-eval", "", "$ ls -ld --time-style=long-iso /mnt/localssd/enroot-data-svc-eval",
                                            "drwxr-x--- 41 svc-eval svc-eval 4096 2024-04-09 02:13 /mnt/localssd/enroot-data-svc-eval"])
        else:
            df = ["Filesystem      Size  Used Avail Use% Mounted on", "/dev/sda1       194G   %dG  %dG  %d%% /" % (38 + i, 156 - i, 20 + i % 2),
                  "/dev/md127      2.9T  %dG  2.6T  %d%% /mnt/localssd" % (310 + 17 * i, 11 + i), "tmpfs           1.8T  7.1G  1.8T   1% /dev/shm"]
        b.w("%s/df-h.txt" % n, df)
    b.w("slurm-8812034.out", ["srun: error: gpu-e04: task 3: Exited with exit code 1",
                              "srun: error: gpu-e01: task 0: Exited with exit code 1", "srun: error: gpu-e03: task 2: Exited with exit code 1",
                              "srun: error: gpu-e02: task 1: Exited with exit code 1", "srun: error: gpu-e05: task 4: Exited with exit code 1"])
    b.w("sacct.txt", sacct([("8812034", "vlm-fsdp", "a3", "vision", "1040", "FAILED", "1:0"),
                            ("8812034.0", "torchrun", "", "vision", "1040", "FAILED", "1:0")]) +
        ["", "$ sacct -j 8812034.0 -o JobID,NodeList,Start,End", "8812034.0    gpu-e[01-05] 2024-04-16T16:18:51 2024-04-16T20:30:19"])
    b.label("storage", "infrastructure", bad, None, "restart_without_node",
            "The first failure is ENOSPC on all eight ranks of gpu-e04 while staging the shard to node-local /mnt/localssd, which df shows 100% full (2.8T of another account's leftover enroot data) while the other nodes' localssd is ~12% used; "
            "the later all-reduce timeouts on the other four nodes are sympathetic. Local disk full on one node: take it out (and clean it).",
            "https://github.com/databrickslabs/dolly/issues/139")
    return b


# =====================================================================================
# ce14: S3 SlowDown / read timeouts on all four pods (object store throttling, transient)
# =====================================================================================
def ce14(out):
    b = Bundle(out, "ce14_dataloader_worker_exceptions_on_all_pods")
    nodes = ["ip-10-0-41-17.ec2.internal", "ip-10-0-41-203.ec2.internal", "ip-10-0-42-88.ec2.internal", "ip-10-0-43-9.ec2.internal"]
    t = T("2024-05-29 02:17:44.190211")
    bucket = "acme-pretrain-mds-use1"
    for i, n in enumerate(nodes):
        pod = "olmo-1b-mds-worker-%d" % i
        tt = add(t, seconds=23 * i, milliseconds=311 * i)
        N = ["[%s] INFO     composer.trainer.trainer: [batch=%d/200000]:" % (iso(add(tt, minutes=-6)), 40811 - 60 + i),
             "\t Train time/batch: %d" % (40811 - 60 + i), "\t Train loss/train/total: 2.7144", "\t Train throughput/batches_per_sec: 0.4511",
             "[%s] WARNING  streaming.base.stream: Retrying download of shard.%05d.mds.zstd (attempt 2/5): Read timeout on endpoint URL: \"https://%s.s3.us-east-1.amazonaws.com/c4-en/train/shard.%05d.mds.zstd\"" % (iso(add(tt, minutes=-2)), 8810 + 3 * i, bucket, 8810 + 3 * i),
             "[rank%d]: Traceback (most recent call last):" % (i * 8),
             '[rank%d]:   File "/opt/composer/composer/trainer/trainer.py", line 2891, in _train_loop' % (i * 8),
             "[rank%d]:     for batch_idx, self.state.batch in enumerate(self._iter_dataloader(TrainerMode.TRAIN)):" % (i * 8),
             '[rank%d]:   File "/usr/lib/python3/dist-packages/torch/utils/data/dataloader.py", line 1344, in _next_data' % (i * 8),
             "[rank%d]:     return self._process_data(data)" % (i * 8),
             '[rank%d]:   File "/usr/lib/python3/dist-packages/torch/_utils.py", line 706, in reraise' % (i * 8),
             "[rank%d]:     raise exception" % (i * 8),
             "[rank%d]: botocore.exceptions.ClientError: Caught ClientError in DataLoader worker process %d." % (i * 8, 3 + i % 2),
             "[rank%d]: Original Traceback (most recent call last):" % (i * 8),
             '[rank%d]:   File "/usr/lib/python3/dist-packages/streaming/base/storage/download.py", line 86, in download_from_s3' % (i * 8),
             "[rank%d]:     s3.download_file(obj.netloc, obj.path.lstrip('/'), local, ExtraArgs=extra_args, Config=config)" % (i * 8),
             '[rank%d]:   File "/usr/lib/python3/dist-packages/botocore/client.py", line 1021, in _make_api_call' % (i * 8),
             "[rank%d]:     raise error_class(parsed_response, operation_name)" % (i * 8),
             "[rank%d]: botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate." % (i * 8)]
        for l in range(1, 8):
            r = i * 8 + l
            if l in (2, 6):
                N.append("[rank%d]: botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: \"https://%s.s3.us-east-1.amazonaws.com/c4-en/train/shard.%05d.mds.zstd\"" % (r, bucket, 9120 + r))
            else:
                N.append("[rank%d]: botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate." % r)
        N.append("[%s] ERROR    composer.cli.launcher: Rank %d crashed with exit code 1." % (iso(add(tt, seconds=4)), i * 8))
        b.w("%s/%s.log" % (n, pod), N)
        b.w("%s/kubectl-describe-pod.txt" % n, ["Name:         %s" % pod, "Node:         %s/%s" % (n, n.split(".")[0][3:].replace("-", ".")),
                                                 "    State:          Terminated", "      Reason:       Error", "      Exit Code:    1",
                                                 "      Finished:     %s" % iso(add(tt, seconds=6), z=True)])
    b.w("cloudwatch-s3-%s.txt" % bucket, [
        "Namespace AWS/S3  Bucket %s  FilterId EntireBucket  Period 60s (UTC)" % bucket,
        "time                  GetRequests   5xxErrors   FirstByteLatency(p99 ms)",
        "2024-05-29T02:05:00   41210         0           48",
        "2024-05-29T02:10:00   44872         11          61",
        "2024-05-29T02:15:00   52990         8144        2210",
        "2024-05-29T02:16:00   53311         9920        3140",
        "2024-05-29T02:17:00   51874         10231       4985",
        "2024-05-29T02:18:00   38002         6012        3301",
        "2024-05-29T02:25:00   12910         88          71",
        "2024-05-29T02:40:00   318           0           39",
        "# other tenants reading prefix c4-en/train concurrently: batch job dedup-c4-v7 (2,400 workers) started 02:12"])
    b.w("pytorchjob-status.txt", ["Name: olmo-1b-mds  Kind: PyTorchJob", "Conditions:", "  Type: Failed  Reason: PyTorchJobFailed",
                                  "  Message: PyTorchJob olmo-1b-mds is failed because 4 Worker replica(s) failed.", "  Last Transition Time: 2024-05-29T02:19:18Z"])
    b.label("storage", "infrastructure", None, None, "restart",
            "All four pods' dataloaders fail within ~80 s with S3 SlowDown (503, retries exhausted) and read timeouts against the same bucket; CloudWatch shows a 5xx/latency spike 02:15-02:18 from a concurrent 2,400-worker job that subsides by 02:25. "
            "Shared object store throttling is transient and not node-specific: restart (ideally with more retries/backoff).",
            "https://github.com/huggingface/datatrove/issues/302")
    return b


CASES = [ce08, ce09, ce10, ce11, ce12, ce13, ce14]
