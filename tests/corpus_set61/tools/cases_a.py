"""Cases bf01-bf07."""

import random

import kit
from kit import plus, pylog, join


# --------------------------------------------------------------------- bf01

def bf01():
    rng = random.Random(6101)
    name = "bf01_cuda_init_error_then_step_cancelled"
    nodes = ["gpu-a14", "gpu-a15", "gpu-a16", "gpu-a17"]
    bad = "gpu-a17"
    t0 = kit.at(2024, 6, 12, 8, 0, 3, 118000)
    venv = "/shared/venvs/llm311"
    site = venv + "/lib/python3.11/site-packages"
    files = {}
    ips = {"gpu-a14": "10.31.2.14", "gpu-a15": "10.31.2.15", "gpu-a16": "10.31.2.16", "gpu-a17": "10.31.2.17"}
    fail_t = plus(t0, 16.3)
    kill_t = plus(t0, 19.6)
    for ni, host in enumerate(nodes):
        L = []
        L += kit.omp_banner_old(t0)
        pid0 = 41100 + ni * 977
        agent_pid = pid0 - 112
        for lr in range(8):
            rank = ni * 8 + lr
            ts = plus(t0, 9.0 + lr * 0.07 + rng.random() * 0.05)
            L.append("[default%d]:%s INFO train: starting worker rank=%d local_rank=%d world_size=32 host=%s"
                     % (lr, pylog(ts), rank, lr, host))
        for lr in range(8):
            ts = plus(t0, 10.2 + lr * 0.05)
            L.append("[default%d]:%s/transformers/utils/generic.py:441: UserWarning: torch.utils._pytree._register_pytree_node is deprecated. Please use torch.utils._pytree.register_pytree_node instead." % (lr, site))
            L.append("[default%d]:  _torch_pytree._register_pytree_node(" % lr)
        if host == bad:
            for lr in range(8):
                rank = ni * 8 + lr
                p = "[default%d]:" % lr
                L += kit.tb([
                    ("/shared/proj/llm/train.py", 412, "<module>", "main()"),
                    ("/shared/proj/llm/train.py", 341, "main", "torch.cuda.set_device(local_rank)"),
                    (site + "/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                    (site + "/torch/cuda/__init__.py", 293, "_lazy_init", "torch._C._cuda_init()"),
                ], "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.", p)
            L.append(kit.elastic_old(fail_t, "WARNING", "Sending process %d closing signal SIGTERM" % (pid0 + 7)))
            L.append(kit.elastic_old(plus(fail_t, 0.4), "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: %s/bin/python" % (pid0, venv)))
            fails = [(plus(fail_t, 0.4), 24 + lr, lr, 1, pid0 + lr, None) for lr in range(8)]
            L += kit.child_failed("train.py", host, fails, bin_path=venv + "/bin/torchrun", site=site)
        else:
            for lr in range(8):
                rank = ni * 8 + lr
                L.append("[default%d]:%s INFO train: cuda device %d: NVIDIA A100-SXM4-80GB, capability (8, 0)" % (lr, pylog(plus(t0, 10.9 + lr * 0.03)), lr))
            for lr in range(8):
                rank = ni * 8 + lr
                pre = ["[default%d]:%s" % (lr, l) for l in kit.nccl_init(
                    host, pid0 + lr, pid0 + lr + 212, lr, rank, 32, 4, "ibp12s0", ips[host],
                    "2.20.5+cuda12.4", cuda_drv=12040, complete=False, print_version_plain=True,
                    comm="0x%x" % (0x55a3c1000000 + rank * 0x1f30), commid="0x3f1e9a7d20b54c61",
                    busid=kit.BUSIDS[lr])]
                L += pre
            L.append(kit.elastic_old(kill_t, "WARNING", "Received Signals.SIGTERM death signal, shutting down workers", mod="torch.distributed.elastic.agent.server.api"))
            for lr in range(8):
                L.append(kit.elastic_old(plus(kill_t, 0.002 * lr), "WARNING", "Sending process %d closing signal SIGTERM" % (pid0 + lr)))
            L += [l.format(bin=venv + "/bin/torchrun", site=site) for l in kit.TORCHRUN_TB[:11]]
            L += [
                '  File "%s/torch/distributed/launcher/api.py", line 255, in launch_agent' % site,
                "    result = agent.run()",
                '  File "%s/torch/distributed/elastic/metrics/api.py", line 123, in wrapper' % site,
                "    result = f(*args, **kwargs)",
                '  File "%s/torch/distributed/elastic/agent/server/api.py", line 736, in run' % site,
                "    result = self._invoke_run(role)",
                '  File "%s/torch/distributed/elastic/agent/server/api.py", line 877, in _invoke_run' % site,
                "    time.sleep(monitor_interval)",
                '  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 62, in _terminate_process_handler' % site,
                '    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)',
                "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % agent_pid,
            ]
        files["%s/torchrun_%s.log" % (host, host)] = L
        # prolog snapshot written by the site prolog on every node
        if host == bad:
            drv, cu, img = "470.223.02", "11.4", "a100-base 2023.10.1 (reimaged 2024-06-12T05:41:09Z, ticket INC-20931)"
        else:
            drv, cu, img = "550.54.15", "12.4", "a100-base 2024.05.2"
        P = ["prolog: job=771203 node=%s user=mchen" % host,
             "prolog: image=%s" % img,
             "prolog: kernel=5.15.0-105-generic",
             "prolog: nvidia-smi:"]
        P += kit.nvidia_smi("Wed Jun 12 07:59:58 2024", drv, cu, 8, name="NVIDIA A100-SXM4-80GB",
                            mem_total=81920, power_cap=400, rng=rng)
        P.append("prolog: health check passed (gpus=8 ib_ports_active=4)")
        files["%s/prolog-771203.log" % host] = P
    # dmesg of the reimaged node (uptime-style)
    D = [
        "[    0.000000] Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024",
        "[    0.000000] Command line: BOOT_IMAGE=/vmlinuz-5.15.0-105-generic root=UUID=8c1e2b7a-53f0-4b0e-9d56-0e1b7f6a9c21 ro pci=realloc iommu=pt",
        "[    3.981204] nvidia: loading out-of-tree module taints kernel.",
        "[    3.981297] nvidia: module license 'NVIDIA' taints kernel.",
        "[    4.102771] nvidia-nvlink: Nvlink Core is being initialized, major device number 508",
        "[    4.118300] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  470.223.02  Sat Oct  7 15:35:20 UTC 2023",
        "[    4.377120] nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  470.223.02  Sat Oct  7 15:26:32 UTC 2023",
        "[    6.504418] mlx5_core 0000:0c:00.0: mlx5_pcie_event:301:(pid 611): PCIe slot advertised sufficient power (75W).",
        "[   11.920054] mlx5_core 0000:0c:00.0 ibp12s0: Link up",
        "[  143.227810] systemd-journald[712]: Received client request to flush runtime journal.",
        "[ 8011.603311] NVRM: GPU at PCI:0000:07:00: GPU-6a1f0e3b-9c2d-4f5e-8a7b-1c2d3e4f5a6b",
        "[ 8011.603320] NVRM: Xid (PCI:0000:07:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000a3f1c2) marked for remapping, reset gpu to activate.",
    ]
    files["%s/dmesg.txt" % bad] = D
    S = ["=== job 771203 on gpu-a[14-17] (4 nodes x 8 GPUs) ===",
         "MASTER_ADDR=gpu-a14 MASTER_PORT=29500",
         "venv: %s (python 3.11.9, torch 2.3.1+cu121)" % venv,
         "launch: srun --kill-on-bad-exit=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-a14:29500 --tee 3 train.py --config configs/7b_pretrain.yaml",
         "srun: error: gpu-a17: task 3: Exited with exit code 1",
         "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
         "slurmstepd: error: *** STEP 771203.0 ON gpu-a14 CANCELLED AT %s ***" % kit.slurm_ts(kill_t),
         "srun: error: gpu-a16: task 2: Exited with exit code 1",
         "srun: error: gpu-a14: task 0: Exited with exit code 1",
         "srun: error: gpu-a15: task 1: Exited with exit code 1",
         ]
    files["slurm-771203.out"] = S
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "Only gpu-a17's eight workers die at CUDA init with 'driver too old (found version 11040)'; its prolog shows driver 470.223.02 after a same-day reimage while the other nodes run 550.54.15 and reached NCCL init before srun killed them.",
        "modelled_on": "https://github.com/lllyasviel/Fooocus/issues/1313",
    }
    return {"name": name, "files": files, "label": label,
            "topology": {"leaf-a1": ["gpu-a14", "gpu-a15"], "leaf-a2": ["gpu-a16", "gpu-a17"]}}


# --------------------------------------------------------------------- bf02

def cudnn_import_failure(entry, site, stdlib, extra_path):
    """What `import torch` (2.4, pip wheels) prints when nvidia-cudnn-cu12 is absent."""
    L = kit.tb([
        (site + "/torch/__init__.py", 176, "_load_global_deps", "ctypes.CDLL(global_deps_lib_path, mode=ctypes.RTLD_GLOBAL)"),
        (stdlib + "/ctypes/__init__.py", 374, "__init__", "self._handle = _dlopen(self._name, mode)"),
    ], "OSError: libcudnn.so.9: cannot open shared object file: No such file or directory")
    L += ["", "During handling of the above exception, another exception occurred:", ""]
    py = stdlib.rsplit("/", 1)[1].replace(".", "")
    paths = [entry.rsplit("/", 1)[0], stdlib.replace(stdlib.rsplit("/", 1)[1], "python%s.zip" % py), stdlib, stdlib + "/lib-dynload", site]
    if extra_path:
        paths.append(extra_path)
    L += kit.tb([
        (entry, 5, "<module>", "from torch.distributed.run import main"),
        (site + "/torch/__init__.py", 236, "<module>", "_load_global_deps()"),
        (site + "/torch/__init__.py", 197, "_load_global_deps", "_preload_cuda_deps(lib_folder, lib_name)"),
        (site + "/torch/__init__.py", 162, "_preload_cuda_deps", 'raise ValueError(f"{lib_name} not found in the system path {sys.path}")'),
    ], "ValueError: libcudnn.so.*[0-9] not found in the system path %r" % (paths,))
    return L


def bf02():
    rng = random.Random(6102)
    name = "bf02_pods_crashloop_at_import_torch"
    nodes = ["gke-a3-pool-7f2c-x9k1", "gke-a3-pool-7f2c-q2m8", "gke-a3-pool-7f2c-h4tz", "gke-a3-pool-7f2c-b7wd"]
    pods = ["llm-sft-master-0", "llm-sft-worker-0", "llm-sft-worker-1", "llm-sft-worker-2"]
    img = "us-docker.pkg.dev/acme-ml/images/ml-base:2024.07.2"
    digest = "sha256:4be1c07f2a9d0e37b5f8c21d6a4e9b0c3d7f1a2e8b6c5d4f3a2b1c0d9e8f7a6b"
    t0 = kit.at(2024, 7, 18, 14, 3, 11)
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    for i, (node, pod) in enumerate(zip(nodes, pods)):
        L = []
        for attempt in range(3):
            ts = plus(t0, 20 + i * 1.3 + attempt * (10 * 2 ** attempt))
            L.append("%s + echo '[entrypoint] pod=%s node=%s image=%s'" % (kit.iso(ts, z=True), pod, node, img))
            L.append("%s [entrypoint] pod=%s node=%s image=%s" % (kit.iso(plus(ts, 0.01), z=True), pod, node, img))
            L.append("%s [entrypoint] PET_NNODES=4 PET_NPROC_PER_NODE=8 PET_MASTER_ADDR=llm-sft-master-0 PET_MASTER_PORT=23456" % kit.iso(plus(ts, 0.02), z=True))
            L.append("%s + exec torchrun --nnodes=4 --nproc-per-node=8 -m sft.train --config /config/sft.yaml" % kit.iso(plus(ts, 0.03), z=True))
            tt = plus(ts, 1.7)
            for l in cudnn_import_failure("/usr/local/bin/torchrun", site, "/usr/lib/python3.10", "/usr/lib/python3/dist-packages"):
                L.append("%s %s" % (kit.iso(tt, z=True), l))
        files["%s/%s.log" % (node, pod)] = L
        D = ["Name:             %s" % pod,
             "Namespace:        team-nlp",
             "Priority:         1000",
             "Service Account:  default",
             "Node:             %s/10.128.%d.%d" % (node, 0, 21 + i),
             "Start Time:       Thu, 18 Jul 2024 14:03:11 +0000",
             "Labels:           training.kubeflow.org/job-name=llm-sft",
             "                  training.kubeflow.org/replica-index=%d" % (0 if i == 0 else i - 1),
             "                  training.kubeflow.org/replica-type=%s" % ("master" if i == 0 else "worker"),
             "Status:           Running",
             "Containers:",
             "  pytorch:",
             "    Container ID:  containerd://%032x" % rng.getrandbits(128),
             "    Image:         %s" % img,
             "    Image ID:      %s@%s" % (img.split(":")[0], digest),
             "    Port:          23456/TCP",
             "    State:          Waiting",
             "      Reason:       CrashLoopBackOff",
             "    Last State:     Terminated",
             "      Reason:       Error",
             "      Exit Code:    1",
             "      Started:      Thu, 18 Jul 2024 14:04:32 +0000",
             "      Finished:     Thu, 18 Jul 2024 14:04:34 +0000",
             "    Ready:          False",
             "    Restart Count:  3",
             "    Limits:",
             "      nvidia.com/gpu:  8",
             "Events:",
             "  Type     Reason     Age                From               Message",
             "  ----     ------     ----               ----               -------",
             "  Normal   Scheduled  2m                 default-scheduler  Successfully assigned team-nlp/%s to %s" % (pod, node),
             "  Normal   Pulling    2m                 kubelet            Pulling image \"%s\"" % img,
             "  Normal   Pulled     111s               kubelet            Successfully pulled image \"%s\" in 8.412s (8.412s including waiting). Image size: 9183722310 bytes." % img,
             "  Normal   Created    38s (x4 over 110s)  kubelet            Created container pytorch",
             "  Normal   Started    38s (x4 over 110s)  kubelet            Started container pytorch",
             "  Warning  BackOff    9s (x6 over 105s)   kubelet            Back-off restarting failed container pytorch in pod %s_team-nlp(%08x-1c2d-4e5f-8a9b-%012x)" % (pod, rng.getrandbits(32), rng.getrandbits(48)),
             ]
        files["%s/describe_pod_%s.txt" % (node, pod)] = D
    B = ["#22 [build 7/11] RUN pip install --no-cache-dir --index-url https://download.pytorch.org/whl/cu124 torch==2.4.0 --no-deps",
         "#22 2.113 Looking in indexes: https://download.pytorch.org/whl/cu124",
         "#22 3.902 Collecting torch==2.4.0",
         "#22 4.017   Downloading https://download.pytorch.org/whl/cu124/torch-2.4.0%2Bcu124-cp310-cp310-linux_x86_64.whl (797.2 MB)",
         "#22 61.20 Installing collected packages: torch",
         "#22 88.55 Successfully installed torch-2.4.0+cu124",
         "#22 DONE 91.3s",
         "#23 [build 8/11] RUN pip install --no-cache-dir nvidia-cublas-cu12==12.4.2.65 nvidia-cuda-runtime-cu12==12.4.99 nvidia-cuda-nvrtc-cu12==12.4.99 nvidia-nccl-cu12==2.20.5 nvidia-nvjitlink-cu12==12.4.99 nvidia-cusparse-cu12==12.3.0.142 nvidia-cufft-cu12==11.2.0.44 nvidia-curand-cu12==10.3.5.119 nvidia-cusolver-cu12==11.6.0.99 nvidia-nvtx-cu12==12.4.99 triton==3.0.0",
         "#23 44.08 Successfully installed nvidia-cublas-cu12-12.4.2.65 nvidia-cuda-nvrtc-cu12-12.4.99 nvidia-cuda-runtime-cu12-12.4.99 nvidia-cufft-cu12-11.2.0.44 nvidia-curand-cu12-10.3.5.119 nvidia-cusolver-cu12-11.6.0.99 nvidia-cusparse-cu12-12.3.0.142 nvidia-nccl-cu12-2.20.5 nvidia-nvjitlink-cu12-12.4.99 nvidia-nvtx-cu12-12.4.99 triton-3.0.0",
         "#23 DONE 47.9s",
         "#24 [build 9/11] RUN python -c \"import sys; print(sys.version)\"",
         "#24 0.611 3.10.12 (main, Mar 22 2024, 16:50:05) [GCC 11.4.0]",
         "#24 DONE 0.7s",
         "#27 exporting to image",
         "#27 pushing layers 41.2s done",
         "#27 pushing manifest for %s@%s 0.4s done" % (img, digest),
         "#27 DONE 58.6s",
         ]
    files["ml-base-2024.07.2_build.log"] = B
    J = ["NAME      STATE     AGE",
         "llm-sft   Running   2m41s",
         "",
         "NAME                READY   STATUS             RESTARTS      AGE     IP             NODE",
         ]
    for node, pod, i in zip(nodes, pods, range(4)):
        J.append("%-19s 0/1     CrashLoopBackOff   3 (21s ago)   2m41s   10.64.%d.%-5d %s" % (pod, i + 3, 7 + i, node))
    files["kubectl_get_pytorchjob_pods.txt"] = J
    label = {
        "category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "All four pods on four different nodes crash identically at 'import torch' with libcudnn.so.9 missing; the shared base image ml-base:2024.07.2 installed torch with --no-deps and never added nvidia-cudnn-cu12, so the job's image is broken everywhere and restarts cannot help.",
        "modelled_on": "https://github.com/Holasyb918/HeyGem-Linux-Python-Hack/issues/5",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf03

def bf03():
    rng = random.Random(6103)
    name = "bf03_nccl_invalid_usage_on_first_allreduce"
    nodes = ["hpc-n101", "hpc-n102", "hpc-n103", "hpc-n104"]
    bad = "hpc-n103"
    ips = {n: "172.20.8.%d" % (101 + i) for i, n in enumerate(nodes)}
    local_tz = kit.tz(2)
    t0 = kit.at(2024, 10, 3, 21, 14, 2, 340000, local_tz)
    files = {}
    site = "/opt/venv/lib/python3.11/site-packages"
    for ni, host in enumerate(nodes):
        ver = "2.21.5+cuda12.4" if host == bad else "2.20.5+cuda12.4"
        torchv = "2.5.1+cu124" if host == bad else "2.4.1+cu124"
        L = []
        L += kit.omp_banner_new(t0, 88120 + ni)
        for lr in range(8):
            rank = ni * 8 + lr
            L.append("[rank%d]:%s [INFO] pretrain: torch %s | host %s | local_rank %d" % (rank, pylog(plus(t0, 7.1 + lr * 0.02)), torchv, host, lr))
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 90211 + ni * 1000 + lr
            L += ["[rank%d]:%s" % (rank, l) for l in kit.nccl_init(
                host, pid, pid + 118, lr, rank, 32, 4, "ens21f0np0", ips[host], ver, cuda_drv=12040,
                complete=False, plugin_line="NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.",
                comm="0x%x" % (0x5612ab000000 + rank * 0x2c40), commid="0xa91c07e2f3d84b15", busid=kit.BUSIDS[lr])]
        own = 22105 if host == bad else 22005
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 90211 + ni * 1000 + lr
            if host == bad:
                peer, pv = 0, 22005
            else:
                peer, pv = 16, 22105
            t = plus(t0, 9.8 + lr * 0.01)
            L.append("[rank%d]:" % rank)
            L.append("[rank%d]:%s:%d:%d [%d] init.cc:%d NCCL WARN Mismatched NCCL version detected : rank %d version %d rank %d version %d"
                     % (rank, host, pid, pid + 118, lr, 933 if host == bad else 917, peer, pv, rank, own))
            L.append("[rank%d]:%s:%d:%d [%d] NCCL INFO init.cc:%d -> 5" % (rank, host, pid, pid + 118, lr, 1501 if host == bad else 1479))
            L.append("[rank%d]:%s:%d:%d [%d] NCCL INFO init.cc:%d -> 5" % (rank, host, pid, pid + 118, lr, 1746 if host == bad else 1710))
        for lr in range(8):
            rank = ni * 8 + lr
            p = "[rank%d]: " % rank
            ncclv = "2.21.5" if host == bad else "2.20.5"
            peer, pv = (0, 22005) if host == bad else (16, 22105)
            L += kit.tb([
                ("/home/rsato/pretrain/run.py", 188, "<module>", "main(cfg)"),
                ("/home/rsato/pretrain/run.py", 97, "main", "dist.all_reduce(probe)"),
                (site + "/torch/distributed/c10d_logger.py", 83, "wrapper", "return func(*args, **kwargs)"),
                (site + "/torch/distributed/distributed_c10d.py", 2501 if host == bad else 2288, "all_reduce", "work = group.allreduce([tensor], opts)"),
            ], "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:%d, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version %s\nncclInvalidUsage: This usually reflects invalid usage of NCCL library.\nLast error:\nMismatched NCCL version detected : rank %d version %d rank %d version %d"
                % (2236 if host == bad else 1970, ncclv, peer, pv, rank, own), p)
        ft = plus(t0, 11.2)
        L.append(kit.elastic_err_new(ft, 88120 + ni, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/venv/bin/python3" % (90211 + ni * 1000)))
        fails = [(ft, ni * 8 + lr, lr, 1, 90211 + ni * 1000 + lr, None) for lr in range(8)]
        L += kit.child_failed("run.py", host, fails, bin_path="/opt/venv/bin/torchrun", site=site)
        files["%s/torchrun.out" % host] = L
        F = ["$ /opt/venv/bin/pip list 2>/dev/null | grep -Ei '^(torch|nvidia-nccl|triton) '",
             "nvidia-nccl-cu12          %s" % ("2.21.5" if host == bad else "2.20.5"),
             "torch                     %s" % torchv,
             "triton                    %s" % ("3.1.0" if host == bad else "3.0.0"),
             "$ stat -c '%y %n' /opt/venv/lib/python3.11/site-packages/torch/version.py",
             ("2024-10-02 16:47:31.000000000 +0200 /opt/venv/lib/python3.11/site-packages/torch/version.py" if host == bad
              else "2024-09-12 10:05:12.000000000 +0200 /opt/venv/lib/python3.11/site-packages/torch/version.py"),
             ]
        files["%s/venv_check.txt" % host] = F
    files["job-55821.out"] = [
        "[%s] sbatch 55821: 4 nodes hpc-n[101-104], 32 ranks" % t0.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "[%s] env: /opt/venv (node-local, provisioned by ansible role ml-venv)" % t0.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "srun: error: hpc-n101: task 0: Exited with exit code 1",
        "srun: error: hpc-n103: task 2: Exited with exit code 1",
        "srun: error: hpc-n104: task 3: Exited with exit code 1",
        "srun: error: hpc-n102: task 1: Exited with exit code 1",
    ]
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "Every rank aborts NCCL init with 'Mismatched NCCL version detected'; ranks 16-23 on hpc-n103 report their own version as 22105 (torch 2.5.1/NCCL 2.21.5, venv modified the day before) while all other ranks report 22005, so hpc-n103's node-local venv is the odd one out.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/354",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf04

def bf04():
    rng = random.Random(6104)
    name = "bf04_cuda_error_no_kernel_image_all_ranks"
    nodes = ["h100-c2-041", "h100-c2-042"]
    t0 = kit.at(2024, 3, 28, 16, 40, 55, 0, kit.tz(-7))
    files = {}
    env = "/lustre/home/apatel/envs/segm"
    site = env + "/lib/python3.9/site-packages"
    for ni, host in enumerate(nodes):
        L = []
        for lr in range(8):
            rank = ni * 8 + lr
            pre = "%d: " % rank
            ts = plus(t0, 4 + lr * 0.1)
            L.append(pre + "%s/torch/cuda/__init__.py:146: UserWarning: " % site)
            L.append(pre + "NVIDIA H100 80GB HBM3 with CUDA capability sm_90 is not compatible with the current PyTorch installation.")
            L.append(pre + "The current PyTorch install supports CUDA capabilities sm_37 sm_50 sm_60 sm_70 sm_75 sm_80 sm_86.")
            L.append(pre + "If you want to use the NVIDIA H100 80GB HBM3 GPU with PyTorch, please check the instructions at https://pytorch.org/get-started/locally/")
            L.append(pre + "")
            L.append(pre + "  warnings.warn(incompatible_device_warn.format(device_name, capability, \" \".join(arch_list), device_name))")
            L.append(pre + "%s INFO segm.train: rank %d/16 on %s, torch 1.13.1+cu116" % (pylog(ts), rank, host))
        for lr in range(8):
            rank = ni * 8 + lr
            pre = "%d: " % rank
            L += kit.tb([
                ("/lustre/home/apatel/segm/train.py", 233, "<module>", "main()"),
                ("/lustre/home/apatel/segm/train.py", 164, "main", "model = build_model(cfg).cuda(local_rank)"),
                (site + "/torch/nn/modules/module.py", 749, "cuda", "return self._apply(lambda t: t.cuda(device))"),
                (site + "/torch/nn/modules/module.py", 641, "_apply", "module._apply(fn)"),
                (site + "/torch/nn/modules/module.py", 664, "_apply", "param_applied = fn(param)"),
                (site + "/torch/nn/modules/module.py", 749, "<lambda>", "return self._apply(lambda t: t.cuda(device))"),
            ], "RuntimeError: CUDA error: no kernel image is available for execution on the device\nCUDA kernel errors might be asynchronously reported at some other API call,so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1.", pre)
        files["%s/job_118234_%s.log" % (host, host)] = L
        files["%s/nvidia-smi-q-compute.txt" % host] = [
            "==============NVSMI LOG==============",
            "Timestamp                                 : Thu Mar 28 16:40:41 2024",
            "Driver Version                            : 545.23.08",
            "CUDA Version                              : 12.3",
            "Attached GPUs                             : 8",
            "GPU 00000000:19:00.0",
            "    Product Name                          : NVIDIA H100 80GB HBM3",
            "    Product Architecture                  : Hopper",
            "    Persistence Mode                      : Enabled",
            "    Compute Mode                          : Default",
        ]
    files["setup_env_118234.log"] = [
        "+ source /lustre/home/apatel/envs/segm/bin/activate",
        "+ pip install -r /lustre/home/apatel/segm/requirements.txt",
        "Looking in indexes: https://pypi.org/simple, https://download.pytorch.org/whl/cu116",
        "Requirement already satisfied: torch==1.13.1+cu116 in ./envs/segm/lib/python3.9/site-packages (from -r requirements.txt (line 3)) (1.13.1+cu116)",
        "Requirement already satisfied: torchvision==0.14.1+cu116 in ./envs/segm/lib/python3.9/site-packages (from -r requirements.txt (line 4)) (0.14.1+cu116)",
        "Requirement already satisfied: mmcv-full==1.7.1 in ./envs/segm/lib/python3.9/site-packages (from -r requirements.txt (line 5)) (1.7.1)",
        "Requirement already satisfied: numpy<1.24 in ./envs/segm/lib/python3.9/site-packages (from -r requirements.txt (line 6)) (1.23.5)",
        "WARNING: You are using pip version 22.0.4; however, version 24.0 is available.",
        "+ cat /lustre/home/apatel/segm/requirements.txt",
        "# pinned for mmcv-full 1.7.1 wheels (see README)",
        "--extra-index-url https://download.pytorch.org/whl/cu116",
        "torch==1.13.1+cu116",
        "torchvision==0.14.1+cu116",
        "mmcv-full==1.7.1",
        "numpy<1.24",
        "+ srun --label python train.py --cfg configs/upernet_swin_b.py --launcher slurm",
    ]
    files["slurm-118234.out"] = [
        "srun: error: h100-c2-041: tasks 0-7: Exited with exit code 1",
        "srun: error: h100-c2-042: tasks 8-15: Exited with exit code 1",
        "srun: Terminating StepId=118234.0",
    ]
    label = {
        "category": "dependency", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Both nodes fail identically: the user's requirements.txt pins torch==1.13.1+cu116, which has no sm_90 kernels, so every rank on the H100s warns 'sm_90 is not compatible' and dies with 'no kernel image is available'; the fix is in the user's pins, not the hardware.",
        "modelled_on": "https://github.com/PrateekMunjal/TorchAL/issues/4",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf05

def bf05():
    rng = random.Random(6105)
    name = "bf05_import_error_undefined_symbol_every_worker"
    nodes = ["trn-gpu-007", "trn-gpu-011", "trn-gpu-019"]
    t0 = kit.at(2024, 5, 9, 3, 22, 40, 500000)
    files = {}
    site = "/usr/local/lib/python3.10/dist-packages"
    sym = "_ZN3c104cuda9SetDeviceEi"
    for ni, host in enumerate(nodes):
        L = []
        ts = plus(t0, ni * 0.4)
        L.append("%s - accelerate.commands.launch - WARNING - The following values were not passed to `accelerate launch` and had defaults used instead:" % pylog(ts).replace(",", ","))
        L.append("\t`--dynamo_backend` was set to a value of `'no'`")
        L.append("To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.")
        for lr in range(8):
            rank = ni * 8 + lr
            p = "[rank%d]: " % rank
            L += kit.tb([
                ("/workspace/chatft/train_sft.py", 14, "<module>", "from chatft.modeling import build_model"),
                ("/workspace/chatft/chatft/modeling.py", 9, "<module>", "from flash_attn import flash_attn_varlen_func"),
                (site + "/flash_attn/__init__.py", 3, "<module>", "from flash_attn.flash_attn_interface import ("),
                (site + "/flash_attn/flash_attn_interface.py", 10, "<module>", "import flash_attn_2_cuda as flash_attn_cuda"),
            ], "ImportError: %s/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: %s" % (site, sym), p)
        ft = plus(t0, 6.2 + ni * 0.3)
        L.append(kit.elastic_err_new(ft, 20011, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (20140 + ni)))
        fails = [(ft, ni * 8 + lr, lr, 1, 20140 + lr, None) for lr in range(8)]
        L += kit.child_failed("train_sft.py", host, fails, bin_path="/usr/local/bin/accelerate", site=site)
        files["%s/accelerate_launch.log" % host] = L
    files["docker_build_chatft.log"] = [
        "Step 1/9 : FROM nvcr.io/nvidia/pytorch:24.04-py3",
        " ---> 8a1f0c3d2b7e",
        "Step 4/9 : COPY requirements.txt /tmp/requirements.txt",
        " ---> 52c0e1b9a7f4",
        "Step 5/9 : RUN pip install --no-cache-dir -r /tmp/requirements.txt",
        " ---> Running in 0c9d2e7b1a36",
        "Collecting flash-attn@ https://github.com/Dao-AILab/flash-attention/releases/download/v2.5.8/flash_attn-2.5.8+cu122torch2.2cxx11abiFALSE-cp310-cp310-linux_x86_64.whl (from -r /tmp/requirements.txt (line 7))",
        "  Downloading https://github.com/Dao-AILab/flash-attention/releases/download/v2.5.8/flash_attn-2.5.8+cu122torch2.2cxx11abiFALSE-cp310-cp310-linux_x86_64.whl (120.6 MB)",
        "Requirement already satisfied: torch in /usr/local/lib/python3.10/dist-packages (from flash-attn@ ... ) (2.3.0a0+6ddf5cf85e.nv24.4)",
        "Collecting einops (from flash-attn@ ...)",
        "Successfully installed einops-0.8.0 flash-attn-2.5.8 peft-0.10.0 trl-0.8.6",
        "WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour with the system package manager.",
        " ---> 3d7e2a1c9f05",
        "Step 6/9 : RUN python -c \"import torch; print(torch.__version__)\"",
        " ---> Running in 9b4a7c2e1d80",
        "2.3.0a0+6ddf5cf85e.nv24.4",
        "Successfully built 7c3e91d0a2b4",
        "Successfully tagged registry.lab.internal/chatft/train:0.3.2",
    ]
    files["requirements.txt"] = [
        "transformers==4.40.2",
        "accelerate==0.30.0",
        "datasets==2.19.1",
        "peft==0.10.0",
        "trl==0.8.6",
        "# prebuilt wheel, much faster than building from source",
        "flash-attn @ https://github.com/Dao-AILab/flash-attention/releases/download/v2.5.8/flash_attn-2.5.8+cu122torch2.2cxx11abiFALSE-cp310-cp310-linux_x86_64.whl",
    ]
    label = {
        "category": "dependency", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "All 24 workers on three nodes fail importing flash_attn_2_cuda with an undefined c10 symbol; the user's requirements.txt pins a flash-attn wheel built for torch 2.2 into an image whose torch is 2.3, an ABI mismatch in the user's own package set.",
        "modelled_on": "https://github.com/Dao-AILab/flash-attention/issues/931",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf06

def _hm(delta):
    m = int(delta.total_seconds()) // 60
    return "%d:%02d" % (m // 60, m % 60)


def bf06():
    rng = random.Random(6106)
    name = "bf06_eval_crash_after_five_hours_then_timeouts"
    nodes = ["ip-10-1-4-21", "ip-10-1-4-37", "ip-10-1-5-102", "ip-10-1-5-88"]
    bad = "ip-10-1-5-88"
    t0 = kit.at(2024, 9, 3, 4, 2, 10, 0)
    files = {}
    site = "/opt/conda/envs/pt/lib/python3.11/site-packages"
    step_s = 2.91
    eval_step = 6000
    t_eval = plus(t0, 60 + eval_step * step_s)  # ~ 4h52m later
    for ni, host in enumerate(nodes):
        L = []
        L += kit.omp_banner_new(t0, 7711 + ni)
        for lr in range(8):
            rank = ni * 8 + lr
            L.append("[rank%d]:%s INFO [trainer] rank=%d host=%s torch=2.4.0 triton=3.0.0 compile_eval=True" % (rank, pylog(plus(t0, 14 + lr * 0.02)), rank, host))
        # training progress only from local rank 0 on every node (rank-0 of node logs)
        rank0 = ni * 8
        for step in range(50, eval_step + 1, 50):
            ts = plus(t0, 60 + step * step_s + rng.random() * 0.2)
            loss = 3.2 * (step / 50.0) ** -0.11 + rng.random() * 0.03
            L.append("[rank%d]:%s INFO [trainer] step %d | loss %.4f | lr %.3e | %.2f s/it | tok/s/gpu %d"
                     % (rank0, pylog(ts), step, loss, 3e-4 * min(1.0, step / 2000.0), step_s + rng.random() * 0.05,
                        int(11200 + rng.random() * 200)))
        L.append("[rank%d]:%s INFO [trainer] step %d: running eval (64 batches), compiling eval_step" % (rank0, pylog(plus(t_eval, 0.3)), eval_step))
        if host == bad:
            ft = plus(t_eval, 41.7)
            for lr in range(8):
                rank = ni * 8 + lr
                p = "[rank%d]: " % rank
                L += kit.tb([
                    ("/fsx/users/kwu/lm/train.py", 502, "<module>", "main()"),
                    ("/fsx/users/kwu/lm/train.py", 455, "main", "metrics = evaluate(model, eval_loader)"),
                    ("/fsx/users/kwu/lm/train.py", 301, "evaluate", "out = eval_step(model, batch)"),
                    (site + "/torch/_dynamo/eval_frame.py", 433, "_fn", "return fn(*args, **kwargs)"),
                    (site + "/torch/_dynamo/convert_frame.py", 1116, "__call__", "return self._torchdynamo_orig_callable("),
                    (site + "/torch/_dynamo/output_graph.py", 1465, "_call_user_compiler", "raise BackendCompilerFailed(self.compiler_fn, e).with_traceback("),
                    (site + "/torch/_inductor/codecache.py", 3034, "load_by_key_path", "mod = _reload_python_module(key, path)"),
                    (site + "/triton/backends/nvidia/driver.py", 77, "__init__", "mod = compile_module_from_src(Path(os.path.join(dirname, \"driver.c\")).read_text(), \"cuda_utils\")"),
                    (site + "/triton/backends/nvidia/driver.py", 55, "compile_module_from_src", "so = _build(name, src_path, tmpdir, library_dirs(), include_dir, libraries)"),
                    (site + "/triton/backends/nvidia/driver.py", 18, "library_dirs", "return [libdevice_dir, *libcuda_dirs()]"),
                    (site + "/triton/backends/nvidia/driver.py", 40, "libcuda_dirs", "assert any(os.path.exists(os.path.join(path, 'libcuda.so.1')) for path in dirs), msg"),
                ], "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nAssertionError: libcuda.so cannot found!\nPlease make sure GPU is set up and then run \"/sbin/ldconfig\" (requires sudo) to refresh the linker cache.\n\nSet TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information\n\n\nYou can suppress this exception and fall back to eager by setting:\n    import torch._dynamo\n    torch._dynamo.config.suppress_errors = True", p)
            L.append(kit.elastic_err_new(plus(ft, 2.2), 7711 + ni, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/conda/envs/pt/bin/python3.11" % (7800 + ni)))
            fails = [(plus(ft, 2.2), ni * 8 + lr, lr, 1, 7800 + lr, None) for lr in range(8)]
            L += kit.child_failed("train.py", host, fails, bin_path="/opt/conda/envs/pt/bin/torchrun", site=site)
        else:
            wt = plus(t_eval, 41.7 + 600.1)
            for lr in range(8):
                rank = ni * 8 + lr
                L += kit.watchdog_timeout(rank, 24187, "_ALLGATHER_BASE", 512, 600000, 600000 + rng.randint(20, 90))
            L.append(kit.elastic_err_new(plus(wt, 3.1), 7711 + ni, "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /opt/conda/envs/pt/bin/python3.11" % (7800 + ni)))
            fails = [(plus(wt, 3.1), ni * 8 + lr, lr, -6, 7800 + lr, "SIGABRT") for lr in range(8)]
            L += kit.child_failed("train.py", host, fails, bin_path="/opt/conda/envs/pt/bin/torchrun", site=site)
        files["%s/train-20240903.log" % host] = L
        # epilog diagnostics collected by the cluster's failure hook
        if host == bad:
            E = ["# epilog diag %s %s" % (host, kit.iso(plus(t_eval, 700), z=True)),
                 "image-release: dlami-gpu-ubuntu22 20240830 (instance replaced 2024-09-03T02:09:55Z, autoscaling activity 7c1e4b20)",
                 "uptime: %s up  %s,  0 users,  load average: 1.02, 3.88, 11.93" % (plus(t_eval, 700).strftime("%H:%M:%S"), _hm(plus(t_eval, 700) - kit.at(2024, 9, 3, 2, 9, 55))),
                 "$ ldconfig -p | grep -E 'libcuda|libnvidia-ml'",
                 "(no output)",
                 "$ ls -l /usr/lib64/libcuda.so*",
                 "lrwxrwxrwx 1 root root       20 Aug 30 11:02 /usr/lib64/libcuda.so.1 -> libcuda.so.550.90.07",
                 "-rwxr-xr-x 1 root root 29208568 Aug 30 11:02 /usr/lib64/libcuda.so.550.90.07",
                 "$ nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader"]
            E += ["%d, NVIDIA H100 80GB HBM3, 550.90.07" % i for i in range(8)]
        else:
            E = ["# epilog diag %s %s" % (host, kit.iso(plus(t_eval, 700), z=True)),
                 "image-release: dlami-gpu-ubuntu22 20240812",
                 "uptime: %s up 19 days,  4:31,  0 users,  load average: 0.81, 9.12, 14.40" % plus(t_eval, 700).strftime("%H:%M:%S"),
                 "$ ldconfig -p | grep -E 'libcuda|libnvidia-ml'",
                 "\tlibnvidia-ml.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libnvidia-ml.so.1",
                 "\tlibcuda.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libcuda.so.1",
                 "\tlibcuda.so (libc6,x86-64) => /lib/x86_64-linux-gnu/libcuda.so",
                 "$ nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader"]
            E += ["%d, NVIDIA H100 80GB HBM3, 550.90.07" % i for i in range(8)]
        files["%s/epilog_diag.txt" % host] = E
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "After ~4.9 h of healthy training, all ranks on ip-10-1-5-88 fail at the first compiled eval with Triton's 'libcuda.so cannot found' because that freshly replaced instance has no libcuda in its linker cache; the other nodes only show watchdog timeouts on the eval all-gather ten minutes later.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/107960",
    }
    return {"name": name, "files": files, "label": label}


# --------------------------------------------------------------------- bf07

def bf07():
    rng = random.Random(6107)
    name = "bf07_fp8_version_assertion_then_step_cancelled"
    nodes = ["dgx-b03", "dgx-b04", "dgx-b05", "dgx-b06"]
    bad = "dgx-b05"
    t0 = kit.at(2024, 6, 19, 11, 5, 0)
    files = {}
    img = "nvcr.io#nvidia/pytorch:24.05-py3"
    S = ["+ srun --container-image=%s --container-name=megatron --container-mounts=/lustre:/lustre --kill-on-bad-exit=1 bash -c 'cd /lustre/proj/mlm && python pretrain_gpt.py ${ARGS}'" % img]
    for host in nodes:
        if host != bad:
            S.append("pyxis: importing docker image: %s" % img)
    for host in nodes:
        if host != bad:
            S.append("pyxis: imported docker image: %s" % img)
    S += ["srun: error: dgx-b05: tasks 16-23: Exited with exit code 1",
          "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
          "slurmstepd: error: *** STEP 209114.0 ON dgx-b03 CANCELLED AT 2024-06-19T11:07:48 ***",
          "srun: error: dgx-b03: tasks 0-7: Terminated",
          "srun: error: dgx-b04: tasks 8-15: Terminated",
          "srun: error: dgx-b06: tasks 24-31: Terminated",
          "srun: Force Terminated StepId=209114.0"]
    files["slurm-209114.out"] = S
    for ni, host in enumerate(nodes):
        L = []
        if host == bad:
            tv, tev, ngc = "2.2.0a0+81ea7a4", "1.1.0+cf6fc89", "23.12"
        else:
            tv, tev, ngc = "2.4.0a0+07cecf4168.nv24.05", "1.6.0+c81733f", "24.05"
        for lr in range(8):
            rank = ni * 8 + lr
            L.append("[%s] rank %02d: NVIDIA_PYTORCH_VERSION=%s torch=%s transformer_engine=%s" % (kit.iso(plus(t0, 95 + lr * 0.05)), rank, ngc, tv, tev))
        if host == bad:
            for lr in range(8):
                rank = ni * 8 + lr
                L += kit.tb([
                    ("/lustre/proj/mlm/pretrain_gpt.py", 254, "<module>", "pretrain("),
                    ("/lustre/proj/mlm/megatron/training/training.py", 223, "pretrain", "initialize_megatron("),
                    ("/lustre/proj/mlm/megatron/training/initialize.py", 71, "initialize_megatron", "validate_args(args, args_defaults)"),
                    ("/lustre/proj/mlm/megatron/training/arguments.py", 533, "validate_args", "assert is_te_min_version(\"1.6.0\"), \\"),
                ], "AssertionError: --fp8-param-gather requires Transformer Engine >= 1.6.0, found 1.1.0+cf6fc89")
        else:
            L.append("[%s] > initializing torch distributed ..." % kit.iso(plus(t0, 97)))
            L.append("[%s] > initialized tensor model parallel with size 8" % kit.iso(plus(t0, 99.2)))
            L.append("[%s] > initialized pipeline model parallel with size 1" % kit.iso(plus(t0, 99.2)))
            L.append("[%s] > setting random seeds to 1234 ..." % kit.iso(plus(t0, 99.3)))
            L.append("[%s] > compiling dataset index builder ..." % kit.iso(plus(t0, 99.4)))
            L.append("make: Entering directory '/lustre/proj/mlm/megatron/core/datasets'")
            L.append("make: Nothing to be done for 'default'.")
            L.append("make: Leaving directory '/lustre/proj/mlm/megatron/core/datasets'")
            L.append("[%s] >>> done with dataset index builder. Compilation time: 0.071 seconds" % kit.iso(plus(t0, 99.5)))
            L.append("[%s] > compiling and loading fused kernels ..." % kit.iso(plus(t0, 99.5)))
            for lr in range(8):
                L.append("/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/module/base.py:603: DeprecationWarning: torch.get_autocast_gpu_dtype() is deprecated. Please use torch.get_autocast_dtype('cuda') instead.")
            L.append("[%s] [after megatron is initialized] datetime: 2024-06-19 11:06:41 " % kit.iso(plus(t0, 101)))
        files["%s/mlm_%s.log" % (host, host)] = L
        created = "2024-03-11 09:14" if host == bad else "2024-06-19 11:05"
        files["%s/enroot_list.txt" % host] = [
            "$ enroot list -f",
            "NAME             PID  COMM  STATE  STARTED  TIME  MNTNS  USERNS  COMMAND",
            "pyxis_megatron",
            "$ stat -c '%%y %%n' /raid/enroot/data/user-31877/pyxis_megatron",
            "%s:%02d.000000000 +0000 /raid/enroot/data/user-31877/pyxis_megatron" % (created, 12 if host == bad else 31),
            "$ grep container_scope /etc/slurm/plugstack.conf.d/pyxis.conf",
            "required /usr/local/lib/slurm/spank_pyxis.so runtime_path=/run/pyxis container_scope=global",
        ]
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": bad, "rank": None}, "action": "restart_without_node",
        "rationale": "Pyxis imported nvcr 24.05 on three nodes only; on dgx-b05 a months-old global named container 'pyxis_megatron' (NGC 23.12, TE 1.1) was reused, so only ranks 16-23 fail the TE >= 1.6 check and srun kills the rest.",
        "modelled_on": "https://github.com/NVIDIA/pyxis/wiki/Usage",
    }
    return {"name": name, "files": files, "label": label}


CASES = [bf01, bf02, bf03, bf04, bf05, bf06, bf07]
