"""Cases bf15-bf21."""

import random

import kit
from kit import plus, pylog
from cases_a import cudnn_import_failure


# --------------------------------------------------------------------- bf15

def bf15():
    rng = random.Random(6115)
    name = "bf15_store_barrier_timeout_24_of_32_joined"
    nodes = ["a100-14", "a100-15", "a100-16", "a100-17"]
    bad = "a100-16"
    t0 = kit.at(2023, 10, 24, 17, 3, 20, 0, kit.tz(-4))
    files = {}
    for ni, host in enumerate(nodes):
        pyv = "3.8" if host == bad else "3.10"
        env = "/opt/conda/envs/train"
        site = "%s/lib/python%s/site-packages" % (env, pyv)
        L = ["+ %s/bin/python --version" % env,
             "Python %s" % ("3.8.18" if host == bad else "3.10.13")]
        L += kit.omp_banner_old(t0)
        if host == bad:
            for lr in range(8):
                L += kit.tb([
                    ("/nfs/projects/speech/asr/train.py", 12, "<module>", "from asr.data import build_loaders"),
                    ("/nfs/projects/speech/asr/asr/data/__init__.py", 3, "<module>", "from .packing import pack_utterances"),
                    ("/nfs/projects/speech/asr/asr/data/packing.py", 41, "<module>", "def pack_utterances(seqs: list[torch.Tensor], max_len: int) -> tuple[torch.Tensor, torch.Tensor]:"),
                ], "TypeError: 'type' object is not subscriptable")
            ft = plus(t0, 4.6)
            L.append(kit.elastic_old(ft, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: %s/bin/python" % (28810, env)))
            fails = [(ft, 16 + lr, lr, 1, 28810 + lr, None) for lr in range(8)]
            L += kit.child_failed("train.py", host, fails, bin_path=env + "/bin/torchrun", site=site)
        else:
            for lr in range(8):
                rank = ni * 8 + lr
                L.append("%s INFO asr: rank %d world 32 python %s torch 2.0.1+cu118" % (pylog(plus(t0, 5 + lr * 0.03)), rank, "3.10.13"))
            for lr in range(8):
                rank = ni * 8 + lr
                L.append("INFO:torch.distributed.distributed_c10d:Added key: store_based_barrier_key:1 to store for rank: %d" % rank)
            for k in range(1, 181, 30):
                for lr in (0, 5):
                    rank = ni * 8 + lr
                    L.append("INFO:torch.distributed.distributed_c10d:Waiting in store based barrier to initialize process group for rank: %d, key: store_based_barrier_key:1 (world_size=32, worker_count=24, timeout=0:30:00)" % rank)
            for lr in range(8):
                rank = ni * 8 + lr
                L += kit.tb([
                    ("/nfs/projects/speech/asr/train.py", 388, "<module>", "main()"),
                    ("/nfs/projects/speech/asr/train.py", 201, "main", "dist.init_process_group(backend=\"nccl\")"),
                    (site + "/torch/distributed/distributed_c10d.py", 932, "init_process_group", "_store_based_barrier(rank, store, timeout)"),
                    (site + "/torch/distributed/distributed_c10d.py", 469, "_store_based_barrier", "raise RuntimeError("),
                ], "RuntimeError: Timed out initializing process group in store based barrier on rank: %d, for key: store_based_barrier_key:1 (world_size=32, worker_count=24, timeout=0:30:00)" % rank)
            ft = plus(t0, 1806.2 + ni * 0.3)
            L.append(kit.elastic_old(ft, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: %s/bin/python" % (28810 + ni * 40, env)))
            fails = [(ft, ni * 8 + lr, lr, 1, 28810 + ni * 40 + lr, None) for lr in range(8)]
            L += kit.child_failed("train.py", host, fails, bin_path=env + "/bin/torchrun", site=site)
        files["%s/asr-train-%s.log" % (host, host)] = L
        files["%s/conda_env_info.txt" % host] = [
            "$ conda list -n train | grep -E '^(python|pytorch|torchaudio) '",
            "python                    %s         h955ad1f_0" % ("3.8.18" if host == bad else "3.10.13"),
            "pytorch                   2.0.1           py%s_cuda11.8_cudnn8.7.0_0    pytorch" % ("3.8" if host == bad else "3.10"),
            "torchaudio                2.0.2               py%s_cu118    pytorch" % ("38" if host == bad else "310"),
            "$ stat -c '%y' /opt/conda/envs/train/conda-meta/history",
            "2022-11-30 14:02:51.000000000 -0500" if host == bad else "2023-08-07 09:40:12.000000000 -0400",
        ]
    files["slurm-3391047.out"] = [
        "srun: error: a100-16: task 2: Exited with exit code 1",
        "srun: error: a100-15: task 1: Exited with exit code 1",
        "srun: error: a100-17: task 3: Exited with exit code 1",
        "srun: error: a100-14: task 0: Exited with exit code 1",
    ]
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "a100-16's node-local conda env 'train' is an old Python 3.8 build, so its eight workers die at import on a 3.9+ type annotation ('type' object is not subscriptable); the other 24 ranks waited in the store-based barrier (worker_count=24) until the 30 min timeout.",
        "modelled_on": "https://github.com/daniabib/csgo-aimbot/issues/1",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf16

def bf16():
    rng = random.Random(6116)
    name = "bf16_setup_step_fails_on_all_nodes"
    nodes = ["cw-h100-0a1", "cw-h100-0a2", "cw-h100-0b7"]
    t0 = kit.at(2024, 9, 10, 2, 14, 31, 0)
    files = {}
    for ni, host in enumerate(nodes):
        L = ["[setup %s] %s python -m pip install -r /mnt/home/ebrown/diffusion/requirements.txt" % (host, kit.iso(t0, z=True)),
             "Looking in indexes: https://pypi.org/simple, https://download.pytorch.org/whl/cu121",
             "Collecting torch==2.3.1 (from -r /mnt/home/ebrown/diffusion/requirements.txt (line 1))",
             "  Using cached https://download.pytorch.org/whl/cu121/torch-2.3.1%2Bcu121-cp310-cp310-linux_x86_64.whl (781.0 MB)"]
        if ni == 1:
            L.append("WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ReadTimeoutError(\"HTTPSConnectionPool(host='pypi.org', port=443): Read timed out. (read timeout=15)\")': /simple/torchvision/")
        L += ["Collecting torchvision==0.19.0 (from -r /mnt/home/ebrown/diffusion/requirements.txt (line 2))",
              "  Using cached https://download.pytorch.org/whl/cu121/torchvision-0.19.0%2Bcu121-cp310-cp310-linux_x86_64.whl (7.1 MB)",
              "Collecting diffusers==0.30.2 (from -r /mnt/home/ebrown/diffusion/requirements.txt (line 3))",
              "  Using cached diffusers-0.30.2-py3-none-any.whl.metadata (18 kB)",
              "INFO: pip is looking at multiple versions of torchvision to determine which version is compatible with other requirements. This could take a while.",
              "ERROR: Cannot install -r /mnt/home/ebrown/diffusion/requirements.txt (line 2) and torch==2.3.1 because these package versions have conflicting dependencies.",
              "",
              "The conflict is caused by:",
              "    The user requested torch==2.3.1",
              "    torchvision 0.19.0+cu121 depends on torch==2.4.0",
              "",
              "To fix this you could try to:",
              "1. loosen the range of package versions you've specified",
              "2. remove package versions to allow pip to attempt to solve the dependency conflict",
              "",
              "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts",
              "[setup %s] %s pip failed (rc=1); not launching trainer" % (host, kit.iso(plus(t0, 38.2 + ni), z=True))]
        files["%s/setup.log" % host] = L
        files["%s/dcgmi_diag_r1.txt" % host] = [
            "Successfully ran diagnostic for group.",
            "+---------------------------+------------------------------------------------+",
            "| Diagnostic                | Result                                         |",
            "+===========================+================================================+",
            "|-----  Metadata  ----------+------------------------------------------------|",
            "| DCGM Version              | 3.3.7                                          |",
            "| Driver Version Detected   | 550.90.07                                      |",
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
            "+---------------------------+------------------------------------------------+",
        ]
    files["requirements.txt"] = ["torch==2.3.1", "torchvision==0.19.0", "diffusers==0.30.2", "accelerate>=0.33", "wandb"]
    files["slurm-91877.out"] = [
        "srun --ntasks-per-node=1 bash scripts/setup_and_train.sh",
        "srun: error: cw-h100-0a1: task 0: Exited with exit code 1",
        "srun: error: cw-h100-0b7: task 2: Exited with exit code 1",
        "srun: error: cw-h100-0a2: task 1: Exited with exit code 1",
    ]
    label = {
        "category": "dependency", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "The user's requirements.txt pins torch==2.3.1 together with torchvision==0.19.0 (which requires torch 2.4.0); pip's resolver fails with ResolutionImpossible on all three nodes before training starts. The one pip read-timeout retry and the clean DCGM diag are noise.",
        "modelled_on": "https://github.com/invoke-ai/InvokeAI/issues/532",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf17

def bf17():
    rng = random.Random(6117)
    name = "bf17_requeued_run_dies_at_cuda_init"
    nodes = ["gpu-b06", "gpu-b07", "gpu-b08", "gpu-b09"]
    bad = "gpu-b09"
    tzl = kit.tz(2)
    a0 = kit.at(2024, 8, 10, 18, 0, 40, 0, tzl)
    a1 = kit.at(2024, 8, 11, 7, 12, 5, 0, tzl)
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    step_s = 4.12
    end0 = kit.at(2024, 8, 11, 6, 0, 52, 0, tzl)
    nsteps = int((end0 - a0).total_seconds() / step_s) - 30
    for ni, host in enumerate(nodes):
        # attempt 0: healthy run, ends at time limit
        L = ["%s | INFO | node %s | resume from none, starting at step 0" % (pylog(plus(a0, 20)), host)]
        if ni == 0:
            for step in range(25, nsteps, 25):
                ts = plus(a0, 60 + step * step_s + rng.random() * 0.4)
                L.append("%s | INFO | step=%d loss=%.4f tokens/s=%d mem=%.1fGiB" % (pylog(ts), step, 2.6 * (step / 25.0) ** -0.07 + rng.random() * 0.02, 301000 + rng.randint(0, 5000), 61.2 + rng.random()))
                if step % 1000 == 0:
                    L.append("%s | INFO | saved checkpoint /lustre/ckpt/moe-8x1b/step_%07d" % (pylog(plus(ts, 31)), step))
        L.append("slurmstepd: error: *** STEP 730091.0 ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (host, kit.slurm_ts(end0)))
        L.append("W%s.%06d 301%02d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (end0.strftime("%m%d %H:%M:%S"), 12000, ni))
        files["attempt_0/%s/train.log" % host] = L
        # attempt 1: requeued next morning
        M = ["%s | INFO | node %s | resume from /lustre/ckpt/moe-8x1b/step_%07d" % (pylog(plus(a1, 18)), host, (nsteps // 1000) * 1000)]
        if host == bad:
            for lr in range(8):
                rank = ni * 8 + lr
                M.append("[rank%d]:%s/torch/cuda/__init__.py:654: UserWarning: Can't initialize NVML" % (rank, site))
                M.append("[rank%d]:  warnings.warn(\"Can't initialize NVML\")" % rank)
                M += kit.tb([
                    ("/lustre/code/moe/train.py", 720, "<module>", "main()"),
                    ("/lustre/code/moe/train.py", 512, "main", "torch.cuda.set_device(local_rank)"),
                    (site + "/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                    (site + "/torch/cuda/__init__.py", 293, "_lazy_init", "torch._C._cuda_init()"),
                ], "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination", "[rank%d]: " % rank)
            ft = plus(a1, 21.7)
            M.append(kit.elastic_err_new(ft, 30190, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % 30201))
            fails = [(ft, 24 + lr, lr, 1, 30201 + lr, None) for lr in range(8)]
            M += kit.child_failed("train.py", host, fails, site=site)
        else:
            for lr in range(8):
                rank = ni * 8 + lr
                M.append("[rank%d]:%s | INFO | rank %d cuda:%d ok, loading shard %d/32" % (rank, pylog(plus(a1, 20.5 + lr * 0.02)), rank, lr, rank))
            kt = plus(a1, 24.9)
            M.append("W%s.%06d 301%02d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (kt.strftime("%m%d %H:%M:%S"), 1100, ni))
            M.append("W%s.%06d 301%02d torch/distributed/elastic/multiprocessing/api.py:858] Sending process 302%02d closing signal SIGTERM" % (kt.strftime("%m%d %H:%M:%S"), 1402, ni, ni))
            M.append("torch.distributed.elastic.multiprocessing.api.SignalException: Process 301%02d got signal: 15" % ni)
        files["attempt_1/%s/train.log" % host] = M
    files["attempt_1/%s/apt-history.log" % bad] = [
        "Start-Date: 2024-08-11  06:25:14",
        "Commandline: /usr/bin/unattended-upgrade",
        "Upgrade: libnvidia-compute-535:amd64 (535.161.08-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), libnvidia-cfg1-535:amd64 (535.161.08-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), nvidia-utils-535-server:amd64 (535.161.08-0ubuntu0.22.04.1, 535.183.01-0ubuntu0.22.04.1), libnvidia-nscq-535:amd64 (535.161.08-1, 535.183.01-1)",
        "End-Date: 2024-08-11  06:25:51",
    ]
    files["attempt_1/%s/nvidia-smi.txt" % bad] = [
        "$ nvidia-smi",
        "Failed to initialize NVML: Driver/library version mismatch",
        "NVML library version: 535.183",
        "$ cat /proc/driver/nvidia/version",
        "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.161.08  Tue Mar  5 22:42:15 UTC 2024",
        "GCC version:  gcc version 11.4.0 (Ubuntu 11.4.0-1ubuntu1~22.04)",
        "$ uptime",
        " 07:13:02 up 27 days, 13:51,  0 users,  load average: 0.31, 0.22, 0.19",
    ]
    files["sacct_730091.txt"] = [
        "JobID           JobName      State    Elapsed  Restarts               Start                 End",
        "------------ ---------- ---------- ---------- -------- ------------------- -------------------",
        "730091        moe-8x1b   REQUEUED   12:00:12        0 2024-08-10T18:00:40 2024-08-11T06:00:52",
        "730091        moe-8x1b     FAILED   00:00:26        1 2024-08-11T07:12:05 2024-08-11T07:12:31",
        "730091.0      torchrun     FAILED   00:00:25        1 2024-08-11T07:12:05 2024-08-11T07:12:30",
        "",
        "(attempt 1 launched with srun --kill-on-bad-exit=1; first failing task: gpu-b09 task 3)",
    ]
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "The first attempt trained 12 h and only hit its time limit. Before the requeue, unattended-upgrade on gpu-b09 replaced the 535.161.08 user-space libraries with 535.183.01 while the 535.161.08 kernel module stayed loaded, so all its ranks fail CUDA init with error 803 and NVML reports a driver/library version mismatch.",
        "modelled_on": "https://github.com/lyulyul/shine-cluster/issues/30",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf18

def bf18():
    rng = random.Random(6118)
    name = "bf18_launcher_crash_on_import_others_time_out"
    nodes = ["sm-g3-01", "sm-g3-02", "sm-g3-03"]
    bad = "sm-g3-03"
    t0 = kit.at(2024, 10, 29, 15, 40, 1, 0)
    files = {}
    venv = "/opt/ml-venv"
    site = venv + "/lib/python3.10/site-packages"
    for ni, host in enumerate(nodes):
        if host == bad:
            L = ["%s [run.sh] host=%s launching torchrun (rdzv c10d sm-g3-01:29500, join_timeout=900)" % (kit.iso(t0), host)]
            L += cudnn_import_failure(venv + "/bin/torchrun", site, "/usr/lib/python3.10", None)
        else:
            L = ["%s [run.sh] host=%s launching torchrun (rdzv c10d sm-g3-01:29500, join_timeout=900)" % (kit.iso(t0), host)]
            st = plus(t0, 3.2)
            L += kit.omp_banner_new(st, 50110 + ni)
            apid = 50110 + ni
            L.append("I%s.%06d %d torch/distributed/elastic/agent/server/api.py:845] [default] starting workers for entrypoint: python" % (st.strftime("%m%d %H:%M:%S"), 114000, apid))
            L.append("I%s.%06d %d torch/distributed/elastic/agent/server/api.py:662] [default] Rendezvous'ing worker group" % (st.strftime("%m%d %H:%M:%S"), 114220, apid))
            L.append("I%s.%06d %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1174] The node '%s_%d_0' attempts to join the next round of the rendezvous 'ft-0429'." % (st.strftime("%m%d %H:%M:%S"), 118003, apid, host, apid))
            to = plus(st, 900.2)
            L.append("E%s.%06d %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1180] The node '%s_%d_0' has failed to join the next round of the rendezvous 'ft-0429' within the timeout." % (to.strftime("%m%d %H:%M:%S"), 230114, apid, host, apid))
            L.append("torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError")
        files["%s/run_%s.log" % (host, host)] = L
    files["%s/pip_check.txt" % bad] = [
        "$ /opt/ml-venv/bin/pip check",
        "torch 2.4.1+cu124 requires nvidia-cudnn-cu12, which is not installed.",
        "$ grep -E 'cudnn|ERROR' /var/log/provision/ml-venv.log | tail -4",
        "2024-10-29T13:02:10Z Collecting nvidia-cudnn-cu12==9.1.0.70 (from torch==2.4.1+cu124)",
        "2024-10-29T13:04:55Z ERROR: Exception: ... ReadTimeoutError: HTTPSConnectionPool(host='download.pytorch.org', port=443): Read timed out.",
        "2024-10-29T13:05:03Z ml-venv: retrying install without --upgrade-strategy eager (partial)",
        "2024-10-29T13:09:41Z ml-venv: DONE (status=degraded, missing=nvidia-cudnn-cu12)",
    ]
    files["sm-g3-02/pip_check.txt"] = ["$ /opt/ml-venv/bin/pip check", "No broken requirements found."]
    files["sbatch-511209.out"] = [
        "srun: error: sm-g3-03: task 2: Exited with exit code 1",
        "srun: error: sm-g3-01: task 0: Exited with exit code 1",
        "srun: error: sm-g3-02: task 1: Exited with exit code 1",
    ]
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "On sm-g3-03 torchrun itself cannot import torch because that node's freshly provisioned /opt/ml-venv lacks nvidia-cudnn-cu12 (pip check, degraded provisioning log), so it never joins; the two healthy launchers time out in rendezvous 15 minutes later.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/193491",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf19

def bf19():
    rng = random.Random(6119)
    name = "bf19_all_ranks_report_driver_too_old"
    nodes = ["sx-v04", "sx-v05", "sx-v11"]
    t0 = kit.at(2024, 2, 6, 10, 20, 44, 0, kit.tz(0))
    files = {}
    img = "/shared/containers/pytorch-2.2.0-cu121.sif"
    site = "/usr/local/lib/python3.10/dist-packages"
    for ni, host in enumerate(nodes):
        L = ["%s INFO apptainer exec --nv %s" % (pylog(t0), img)]
        for lr in range(4):
            rank = ni * 4 + lr
            L.append("[rank %d] %s/torch/cuda/__init__.py:141: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at /opt/pytorch/pytorch/c10/cuda/CUDAFunctions.cpp:108.)" % (rank, site))
            L.append("[rank %d]   return torch._C._cuda_getDeviceCount() > 0" % rank)
            L.append("[rank %d] %s WARNING gnn.train: CUDA not available, device count 0" % (rank, pylog(plus(t0, 6 + lr * 0.01))))
            L += kit.tb([
                ("/home/lkoch/gnn/train.py", 199, "<module>", "main(args)"),
                ("/home/lkoch/gnn/train.py", 88, "main", "dist.init_process_group(\"nccl\")"),
                (site + "/torch/distributed/c10d_logger.py", 86, "wrapper", "func_return = func(*args, **kwargs)"),
                (site + "/torch/distributed/distributed_c10d.py", 1184, "init_process_group", "default_pg, _ = _new_process_group_helper("),
                (site + "/torch/distributed/distributed_c10d.py", 1339, "_new_process_group_helper", "backend_class = ProcessGroupNCCL(backend_prefix_store, group_rank, group_size, pg_options)"),
            ], "RuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!", "[rank %d] " % rank)
        files["%s/gnn_%s.log" % (host, host)] = L
        files["%s/nvidia-smi.txt" % host] = kit.nvidia_smi("Tue Feb  6 10:20:31 2024", "470.239.06", "11.4", 4,
                                                            name="Tesla V100-SXM2-32GB", mem_total=32510, power_cap=300, rng=rng)
    files["sinfo_v100-legacy.txt"] = [
        "$ sinfo -p v100-legacy -o '%N %f'",
        "NODELIST AVAIL_FEATURES",
        "sx-v[01-16] v100,nvlink,driver470,rhel7",
        "$ cat /shared/containers/README",
        "pytorch-2.2.0-cu121.sif  built 2024-01-30 from nvcr.io/nvidia/pytorch:24.01-py3 (CUDA 12.3 / needs driver >= 525, no compat pkg for R470)",
    ]
    files["slurm-2201456.out"] = [
        "srun: error: sx-v04: tasks 0-3: Exited with exit code 1",
        "srun: error: sx-v11: tasks 8-11: Exited with exit code 1",
        "srun: error: sx-v05: tasks 4-7: Exited with exit code 1",
    ]
    label = {
        "category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "Every rank on all three V100 nodes reports 'driver too old (found version 11040)' and then finds no GPUs: the job's CUDA 12 container is incompatible with the R470 driver that the whole v100-legacy partition runs, so no node is at fault and retrying will not help.",
        "modelled_on": "https://github.com/serend1p1ty/SeqNet/issues/36",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf20

def bf20():
    rng = random.Random(6120)
    name = "bf20_resume_fails_loading_state_dict"
    nodes = ["gx-301", "gx-302", "gx-303", "gx-304"]
    odd = "gx-303"
    t0 = kit.at(2024, 5, 27, 20, 4, 13, 0, kit.tz(8))
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    for ni, host in enumerate(nodes):
        drv = "550.90.07" if host == odd else "550.54.15"
        P = ["[prolog %s] driver=%s cuda=12.4 gpus=8 ecc_errors=0" % (host, drv)]
        if host == odd:
            P.append("[prolog %s] note: node returned from RMA 2024-05-24 (mainboard swap), driver reinstalled from current repo" % host)
        files["%s/prolog.txt" % host] = P
        L = []
        for lr in range(8):
            rank = ni * 8 + lr
            L.append("%s [rank%d] INFO  resume: loading /ckpt/llama-3b/iter_0042000/model_rank%02d.pt" % (t0.strftime("%Y/%m/%d %H:%M:%S"), rank, rank))
        if host == odd:
            L.append("%s [rank%d] WARNING nvml: driver version 550.90.07 differs from cluster baseline 550.54.15" % (plus(t0, 0.3).strftime("%Y/%m/%d %H:%M:%S"), ni * 8))
        for lr in range(8):
            rank = ni * 8 + lr
            L += kit.tb([
                ("/code/lm/train.py", 281, "<module>", "main()"),
                ("/code/lm/train.py", 190, "main", "load_checkpoint(model, optimizer, args.resume)"),
                ("/code/lm/checkpoint.py", 57, "load_checkpoint", "model.load_state_dict(state[\"model\"])"),
                (site + "/torch/nn/modules/module.py", 2189, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format("),
            ], "RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:\n\tMissing key(s) in state_dict: \"model.layers.0.self_attn.qkv_proj.weight\", \"model.layers.1.self_attn.qkv_proj.weight\", \"model.layers.2.self_attn.qkv_proj.weight\", \"model.layers.3.self_attn.qkv_proj.weight\", ... \n\tUnexpected key(s) in state_dict: \"model.layers.0.self_attn.q_proj.weight\", \"model.layers.0.self_attn.k_proj.weight\", \"model.layers.0.self_attn.v_proj.weight\", \"model.layers.1.self_attn.q_proj.weight\", ... ", "[rank%d] " % rank)
        ft = plus(t0, 9.8 + ni * 0.2)
        L.append(kit.elastic_err_new(ft, 5100 + ni, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (5120 + ni * 8)))
        fails = [(ft, ni * 8 + lr, lr, 1, 5120 + ni * 8 + lr, None) for lr in range(8)]
        L += kit.child_failed("train.py", host, fails, site=site)
        files["%s/worker.log" % host] = L
    files["job_output_77310.txt"] = [
        "git -C /code/lm log --oneline -3",
        "9c1e5a2 (HEAD -> main) model: fuse q/k/v projections into qkv_proj",
        "4b77d10 data: add long-context mixture",
        "e02f3c8 ckpt: save every 2000 iters",
        "resume from /ckpt/llama-3b/iter_0042000 (written by commit e02f3c8)",
    ]
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "All 32 ranks fail identically in load_state_dict: the latest commit fused q/k/v into qkv_proj but the job resumes a checkpoint written with separate projections. gx-303's newer driver after its RMA is a red herring; it fails exactly like the rest.",
        "modelled_on": "https://github.com/microsoft/MASS/issues/16",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf21

def bf21():
    rng = random.Random(6121)
    name = "bf21_transformer_engine_import_undefined_symbol"
    nodes = ["jrc0431", "jrc0432", "jrc0517", "jrc0518"]
    t0 = kit.at(2024, 9, 19, 8, 30, 5, 0, kit.tz(2))
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    sif = "/p/software/containers/pytorch_24.08-py3.sif"
    for ni, host in enumerate(nodes):
        L = ["%s: INFO: apptainer run --nv %s python -m torch.distributed.run ..." % (host, sif)]
        for lr in range(4):
            rank = ni * 4 + lr
            L += ["%s: %s" % (host, l) for l in kit.tb([
                ("/p/project/llmx/megatron/pretrain_gpt.py", 8, "<module>", "from megatron.core.models.gpt import GPTModel"),
                ("/p/project/llmx/megatron/megatron/core/models/gpt/__init__.py", 1, "<module>", "from .gpt_model import GPTModel"),
                ("/p/project/llmx/megatron/megatron/core/transformer/custom_layers/transformer_engine.py", 9, "<module>", "import transformer_engine as te"),
                (site + "/transformer_engine/__init__.py", 10, "<module>", "import transformer_engine.pytorch"),
                (site + "/transformer_engine/pytorch/__init__.py", 64, "<module>", "_load_library()"),
                (site + "/transformer_engine/pytorch/__init__.py", 29, "_load_library", "return importlib.import_module(module_name)"),
            ], "ImportError: %s/transformer_engine/transformer_engine_torch.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE" % site)]
        files["%s/out.%s" % (host, host)] = L
    files["container_changelog.txt"] = [
        "# /p/software/containers/CHANGELOG (maintained by HPC support)",
        "2024-09-18  pytorch_24.08-py3.sif rebuilt in place:",
        "            + pip install --upgrade torch==2.4.1 (CVE-2024-5480 follow-up, requested in ticket #4471)",
        "            TE/apex left as shipped in nvcr.io/nvidia/pytorch:24.08-py3 (built against torch 2.5.0a0+872d972e41.nv24.08)",
        "2024-08-30  pytorch_24.08-py3.sif imported from nvcr.io/nvidia/pytorch:24.08-py3",
    ]
    files["slurm-9021557.out"] = [
        "srun: error: jrc0431: tasks 0-3: Exited with exit code 1",
        "srun: error: jrc0517: tasks 8-11: Exited with exit code 1",
        "srun: error: jrc0432: tasks 4-7: Exited with exit code 1",
        "srun: error: jrc0518: tasks 12-15: Exited with exit code 1",
    ]
    label = {
        "category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "All ranks on all four nodes fail importing transformer_engine_torch with an undefined c10::Error symbol; the site's shared container was rebuilt in place with torch 2.4.1 while TE stayed compiled against NGC's 2.5.0a0, so the job's framework image is broken everywhere.",
        "modelled_on": "https://github.com/NVIDIA/TransformerEngine/issues/1192",
    }
    return {"name": name, "files": files, "label": label}


CASES = [bf15, bf16, bf17, bf18, bf19, bf20, bf21]
