"""Cases bw01-bw09: driver / CUDA / NCCL / library / container-image problems."""

import json
import random

from common import (DAYS, MONTHS, T, add, ctime, iso, pylog, glog, c10d, dmesg_h, dmesg_up, syslog, k8s_ts,
                    torchrun_summary, agent_failed_line, agent_sigterm_lines, sigterm_traceback,
                    watchdog_lines, nccl_info, nccl_warn, nccl_init_block, nvidia_smi_table,
                    sacct, megatron_iter, titan_step, loss_curve)


def _pref(p, lines):
    return [p + l for l in lines]


def _torchrun_banner(t, style="new"):
    if style == "new":
        g = glog("W", t, 140213, "torch/distributed/run.py:779")
        return [g + " ",
                g + " *****************************************",
                g + " Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
                g + " *****************************************"]
    return ["WARNING:torch.distributed.run:",
            "*****************************************",
            "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
            "*****************************************"]


# ---------------------------------------------------------------------------------------------
def bw01():
    name = "bw01_cuda_init_error_803_on_one_host"
    t0 = T("2024-05-14 06:41:04")
    nodes = ["gpu-b05", "gpu-b06", "gpu-b07", "gpu-b08"]
    bad = "gpu-b07"
    files = {}
    out = []
    out.append("+ export MASTER_ADDR=gpu-b05")
    out.append("+ MASTER_PORT=29500")
    out.append("+ export NCCL_DEBUG=WARN")
    out.append("+ srun --kill-on-bad-exit=1 -l torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-b05:29500 --rdzv-id=771204 /workspace/llm/train.py --config configs/llama13b_pt.yaml")
    for i, n in enumerate(nodes):
        out.extend(_pref("%d: " % i, _torchrun_banner(add(t0, 3.4 + i * 0.05))))
    # every rank imports torch; on the bad node the import already warns
    tw = add(t0, 14.2)
    for lr in range(8):
        out.append("2: /usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:128: UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination (Triggered internally at /opt/pytorch/pytorch/c10/cuda/CUDAFunctions.cpp:108.)")
        out.append("2:   return torch._C._cuda_getDeviceCount() > 0")
    for i in (0, 1, 3):
        for lr in range(8):
            r = i * 8 + lr
            if lr == 0:
                out.append("%d: [%s] [rank%d] INFO train: host=%s torch=2.3.0a0+6ddf5cf85e.nv24.04 cuda=12.4 cudnn=90100 devices=8" % (
                    i, pylog(add(tw, 0.4 + i * 0.01)), r, nodes[i]))
    tb_t = add(t0, 15.0)
    pids = [51231 + k for k in range(8)]
    for lr in range(8):
        r = 16 + lr
        p = "2: [rank%d]: " % r
        out.extend([p + "Traceback (most recent call last):",
                    p + '  File "/workspace/llm/train.py", line 388, in <module>',
                    p + "    main()",
                    p + '  File "/workspace/llm/train.py", line 301, in main',
                    p + "    torch.cuda.set_device(local_rank)",
                    p + '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 399, in set_device',
                    p + "    torch._C._cuda_setDevice(device)",
                    p + '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 302, in _lazy_init',
                    p + "    torch._C._cuda_init()",
                    p + "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination"])
    tf = add(t0, 16.3)
    out.append("2: " + agent_failed_line(tf, 0, pids[0], 1, "/usr/bin/python"))
    fails = [dict(time=tf, host=bad, rank=16 + k, local_rank=k, exitcode=1, pid=pids[k]) for k in range(8)]
    out.extend(_pref("2: ", torchrun_summary("/workspace/llm/train.py", fails, fails[0])))
    out.append("srun: error: gpu-b07: task 2: Exited with exit code 1")
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    ts = add(tf, 0.6)
    out.append("slurmstepd: error: *** STEP 771204.0 ON gpu-b05 CANCELLED AT %s ***" % iso(ts))
    for i in (0, 1, 3):
        wp = [40110 + i * 100 + k for k in range(8)]
        out.extend(_pref("%d: " % i, agent_sigterm_lines(add(ts, 0.05 * i), wp)))
        out.extend(_pref("%d: " % i, sigterm_traceback(39990 + i)))
    out.append("srun: error: gpu-b05: task 0: Exited with exit code 1")
    out.append("srun: error: gpu-b06: task 1: Exited with exit code 1")
    out.append("srun: error: gpu-b08: task 3: Exited with exit code 1")
    files["slurm-771204.out"] = "\n".join(out) + "\n"

    files["sacct.txt"] = "\n".join(sacct([
        ("771204", "llama13b-pt", "h100", "llm-core", "512", "FAILED", "1:0"),
        ("771204.batch", "batch", "", "llm-core", "128", "FAILED", "1:0"),
        ("771204.extern", "extern", "", "llm-core", "512", "COMPLETED", "0:0"),
        ("771204.0", "torchrun", "", "llm-core", "512", "FAILED", "1:0"),
    ])) + "\n"

    # node files
    for n in nodes:
        if n == bad:
            files[n + "/nvidia-smi.txt"] = "Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 535.161\n"
            files[n + "/proc_driver_nvidia_version.txt"] = (
                "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023\n"
                "GCC version:  gcc version 11.4.0 (Ubuntu 11.4.0-1ubuntu1~22.04)\n")
            d = []
            d.append("%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023" % dmesg_up(9.412230))
            d.append("%s nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  535.129.03  Thu Oct 19 18:42:12 UTC 2023" % dmesg_up(9.533108))
            d.append("%s nvidia-nvswitch: Probing device 0000:07:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000" % dmesg_up(9.601221))
            d.append("%s mlx5_core 0000:1a:00.0: mlx5e_create_mdev_resources:...: MLX5E: StrdRq(1) RqSz(8) StrdSz(2048) RxCqeCmprss(0 basic)" % dmesg_up(14.883012))
            d.append("%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % dmesg_up(21.004511))
            base = 1903211.0
            for k in range(3):
                u = base + k * 0.0042
                d.append("%s NVRM: API mismatch: the client has the version 535.161.08, but" % dmesg_up(u))
                d.append("%s NVRM: this kernel module has the version 535.129.03.  Please" % dmesg_up(u))
                d.append("%s NVRM: make sure that this kernel module and all NVIDIA driver" % dmesg_up(u))
                d.append("%s NVRM: components have the same version." % dmesg_up(u))
            files[n + "/dmesg.txt"] = "\n".join(d) + "\n"
            files[n + "/apt-history.log"] = "\n".join([
                "",
                "Start-Date: 2024-05-14  06:25:11",
                "Commandline: /usr/bin/unattended-upgrade",
                "Upgrade: libnvidia-compute-535:amd64 (535.129.03-0ubuntu0.22.04.1, 535.161.08-0ubuntu0.22.04.1), libnvidia-cfg1-535:amd64 (535.129.03-0ubuntu0.22.04.1, 535.161.08-0ubuntu0.22.04.1), nvidia-utils-535:amd64 (535.129.03-0ubuntu0.22.04.1, 535.161.08-0ubuntu0.22.04.1), nvidia-kernel-common-535:amd64 (535.129.03-0ubuntu0.22.04.1, 535.161.08-0ubuntu0.22.04.1), nvidia-compute-utils-535:amd64 (535.129.03-0ubuntu0.22.04.1, 535.161.08-0ubuntu0.22.04.1), nvidia-dkms-535:amd64 (535.129.03-0ubuntu0.22.04.1, 535.161.08-0ubuntu0.22.04.1)",
                "End-Date: 2024-05-14  06:29:47",
                "",
            ]) + "\n"
        else:
            files[n + "/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(t0, 60), "535.129.03", "12.2", "NVIDIA H100 80GB HBM3", seed=len(n) + ord(n[-1]))) + "\n"
    files["gpu-b05/dmesg.txt"] = "\n".join([
        "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023" % dmesg_up(9.377001),
        "%s nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing" % dmesg_up(1402233.118022),
        "%s nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing" % dmesg_up(1402233.118101),
    ]) + "\n"
    label = dict(category="dependency", layer="infrastructure", culprit={"node": bad, "rank": None},
                 action="restart_without_node",
                 rationale="Only gpu-b07's eight ranks fail at CUDA init with Error 803; its nvidia-smi reports an NVML driver/library version mismatch and dmesg shows the 535.161.08 user-space libraries (unattended-upgrade at 06:25) against the still-loaded 535.129.03 kernel module, while the other nodes' drivers are consistent and their ranks only die from the srun SIGTERM.",
                 modelled_on="https://github.com/mozilla/translations/issues/1167")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw02():
    name = "bw02_driver_too_old_error_from_every_rank"
    t0 = T("2024-06-19 22:10:31")
    nodes = ["a100-n001", "a100-n002", "a100-n003", "a100-n004"]
    files = {}
    sb = ["#!/bin/bash",
          "#SBATCH --job-name=vit-g-pt",
          "#SBATCH --nodes=4",
          "#SBATCH --ntasks-per-node=8",
          "#SBATCH --gpus-per-node=8",
          "#SBATCH --partition=a100",
          "#SBATCH --time=48:00:00",
          "",
          "# 2024-06-19: bumped container from 23.03 to 24.05 for torch 2.4 / FlexAttention",
          "IMAGE=nvcr.io#nvidia/pytorch:24.05-py3",
          "",
          "srun --container-image=$IMAGE --container-mounts=/lustre:/lustre \\",
          "     python /lustre/proj/vitg/train.py --cfg cfgs/vitg_224.yaml",
          ""]
    files["job_30331.sbatch"] = "\n".join(sb)
    out = []
    for i, n in enumerate(nodes):
        out.append("pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.05-py3")
    for i, n in enumerate(nodes):
        out.append("pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.05-py3")
    banner = ["",
              "=============",
              "== PyTorch ==",
              "=============",
              "",
              "NVIDIA Release 24.05 (build 92466325)",
              "PyTorch Version 2.4.0a0+07cecf4",
              "",
              "Container image Copyright (c) 2024, NVIDIA CORPORATION & AFFILIATES. All rights reserved.",
              "",
              "Copyright (c) 2014-2024 Facebook Inc.",
              "Copyright (c) 2011-2014 Idiap Research Institute (Ronan Collobert)",
              "",
              "Various files include modifications (c) NVIDIA CORPORATION & AFFILIATES.  All rights reserved.",
              "",
              "This container image and its contents are governed by the NVIDIA Deep Learning Container License.",
              "By pulling and using the container, you accept the terms and conditions of this license:",
              "https://developer.nvidia.com/ngc/nvidia-deep-learning-container-license",
              "",
              "ERROR: This container was built for NVIDIA Driver Release 550.54 or later, but",
              "       version 450.248.02 was detected and compatibility mode is UNAVAILABLE.",
              "",
              "       [[System has unsupported display driver / cuda driver combination (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH) cuInit()=803]]",
              ""]
    # srun without -l: each task prints the banner; keep two copies interleaved like real output
    out.extend(banner)
    out.extend(banner)
    rnd = random.Random(202)
    rank_order = list(range(32))
    rnd.shuffle(rank_order)
    for r in rank_order:
        out.append("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered internally at /opt/pytorch/pytorch/c10/cuda/CUDAFunctions.cpp:108.)")
        out.append("  return torch._C._cuda_getDeviceCount() > 0")
    for r in rank_order[:32]:
        out.extend([
            "Traceback (most recent call last):",
            '  File "/lustre/proj/vitg/train.py", line 512, in <module>',
            "    main(args)",
            '  File "/lustre/proj/vitg/train.py", line 197, in main',
            "    torch.cuda.set_device(args.gpu)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 420, in set_device',
            "    torch._C._cuda_setDevice(device)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 314, in _lazy_init',
            "    torch._C._cuda_init()",
            "RuntimeError: The NVIDIA driver on your system is too old (found version 11000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.",
        ])
    tasks = {n: [i * 8 + k for k in range(8)] for i, n in enumerate(nodes)}
    for n in nodes:
        out.append("srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n, tasks[n][0], tasks[n][-1]))
    files["slurm-30331.out"] = "\n".join(out) + "\n"
    files["sacct.txt"] = "\n".join(sacct([
        ("30298", "vit-g-pt", "a100", "vision", "256", "COMPLETED", "0:0"),
        ("30310", "vit-g-pt", "a100", "vision", "256", "TIMEOUT", "0:0"),
        ("30331", "vit-g-pt", "a100", "vision", "256", "FAILED", "1:0"),
        ("30331.batch", "batch", "", "vision", "64", "FAILED", "1:0"),
        ("30331.extern", "extern", "", "vision", "256", "COMPLETED", "0:0"),
        ("30331.0", "python", "", "vision", "256", "FAILED", "1:0"),
    ])) + "\n"
    for i, n in enumerate(nodes[:2]):
        files[n + "/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(t0, 90), "450.248.02", "11.0",
                                                                 "A100-SXM4-80GB", mem_total=81251,
                                                                 power_cap=400, seed=7 + i)) + "\n"
    files["a100-n003/slurmd.log"] = "\n".join([
        "[%s.118] [30331.extern] task/cgroup: _memcg_initialize: job: alloc=1024000MB mem.limit=1024000MB memsw.limit=unlimited" % iso(add(t0, -41)),
        "[%s.402] [30331.0] pyxis: running \"enroot create\" ..." % iso(add(t0, -22)),
        "[%s.911] [30331.0] done with job" % iso(add(t0, 19)),
    ]) + "\n"
    label = dict(category="dependency", layer="framework", culprit=None, action="stop",
                 rationale="Every rank on all four nodes fails in torch.cuda.set_device with 'NVIDIA driver on your system is too old (found version 11000)', and the NGC banner says the 24.05 image needs driver 550.54+ while all nodes run 450.248.02; the job script shows the image was just bumped from 23.03, so it is an image/driver incompatibility common to the whole job, not one bad node.",
                 modelled_on="https://github.com/IEIT-Yuan/Yuan-2.0/issues/65")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw03():
    name = "bw03_import_torch_fails_on_one_node_others_wait"
    t0 = T("2024-06-03 11:02:05")
    nodes = ["hpc-g114", "hpc-g115", "hpc-g116", "hpc-g117"]
    bad = "hpc-g117"
    ips = {"hpc-g114": "10.30.1.114", "hpc-g115": "10.30.1.115", "hpc-g116": "10.30.1.116", "hpc-g117": "10.30.1.117"}
    files = {}
    out = []
    out.append("[%s] [INFO] [runner.py:463:main] Using IP address of 10.30.1.114 for node hpc-g114" % pylog(t0))
    out.append("[%s] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: hpc-g114,hpc-g115,hpc-g116,hpc-g117" % pylog(add(t0, 0.003)))
    out.append("[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w hpc-g114,hpc-g115,hpc-g116,hpc-g117 export PYTHONPATH=/shared/home/ayang/moe; export NCCL_IB_HCA=mlx5; export CUDA_HOME=/usr/local/cuda-12.2;  cd /shared/home/ayang/moe; /shared/envs/moe-py310/bin/python -u -m deepspeed.launcher.launch --world_info=eyJocGMtZzExNCI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%%n --master_addr=10.30.1.114 --master_port=29500 pretrain_moe.py --deepspeed_config ds_zero2.json --data /shared/data/moe_mix_v3" % pylog(add(t0, 0.004)))
    t1 = add(t0, 3.1)
    for idx, n in enumerate(nodes[:3]):
        p = n + ": "
        tt = add(t1, idx * 0.21)
        out.append(p + "[%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'hpc-g114': [0, 1, 2, 3, 4, 5, 6, 7], 'hpc-g115': [0, 1, 2, 3, 4, 5, 6, 7], 'hpc-g116': [0, 1, 2, 3, 4, 5, 6, 7], 'hpc-g117': [0, 1, 2, 3, 4, 5, 6, 7]}" % pylog(tt))
        out.append(p + "[%s] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d" % (pylog(tt), idx))
        out.append(p + "[%s] [INFO] [launch.py:164:main] dist_world_size=32" % pylog(tt))
        out.append(p + "[%s] [INFO] [launch.py:168:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" % pylog(tt))
        for k in range(8):
            out.append(p + "[%s] [INFO] [launch.py:256:main] process %d spawned with command: ['/shared/envs/moe-py310/bin/python', '-u', 'pretrain_moe.py', '--local_rank=%d', '--deepspeed_config', 'ds_zero2.json', '--data', '/shared/data/moe_mix_v3']" % (pylog(add(tt, 0.01 * k)), 71200 + idx * 40 + k, k))
    tb = add(t1, 1.7)
    p = bad + ": "
    out.extend([p + "Traceback (most recent call last):",
                p + '  File "/shared/envs/moe-py310/lib/python3.10/runpy.py", line 187, in _run_module_as_main',
                p + "    mod_name, mod_spec, code = _get_module_details(mod_name, _Error)",
                p + '  File "/shared/envs/moe-py310/lib/python3.10/runpy.py", line 110, in _get_module_details',
                p + "    __import__(pkg_name)",
                p + '  File "/shared/envs/moe-py310/lib/python3.10/site-packages/deepspeed/__init__.py", line 10, in <module>',
                p + "    import torch",
                p + '  File "/shared/envs/moe-py310/lib/python3.10/site-packages/torch/__init__.py", line 237, in <module>',
                p + "    from torch._C import *  # noqa: F403",
                p + "ImportError: libcudnn.so.8: cannot open shared object file: No such file or directory",
                "pdsh@hpc-g114: hpc-g117: ssh exited with exit code 1"])
    rnd = random.Random(3)
    for idx, n in enumerate(nodes[:3]):
        for k in range(8):
            r = idx * 8 + k
            if k == 0:
                out.append(n + ": [%s] [INFO] [comm.py:637:init_distributed] cdb=None" % pylog(add(t1, 6 + idx * 0.1)))
            if r == 0:
                out.append(n + ": [%s] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % pylog(add(t1, 6.2)))
    # 30 minutes later the store times out on rank 0, then everybody else
    tt = add(t1, 6.3 + 1801)
    p = "hpc-g114: "
    out.extend([p + "[rank0]: Traceback (most recent call last):",
                p + '[rank0]:   File "/shared/home/ayang/moe/pretrain_moe.py", line 611, in <module>',
                p + "[rank0]:     main()",
                p + '[rank0]:   File "/shared/home/ayang/moe/pretrain_moe.py", line 402, in main',
                p + "[rank0]:     deepspeed.init_distributed(dist_backend='nccl')",
                p + '[rank0]:   File "/shared/envs/moe-py310/lib/python3.10/site-packages/deepspeed/comm/comm.py", line 670, in init_distributed',
                p + "[rank0]:     cdb = TorchBackend(dist_backend, timeout, init_method, rank, world_size)",
                p + '[rank0]:   File "/shared/envs/moe-py310/lib/python3.10/site-packages/torch/distributed/c10d_logger.py", line 79, in wrapper',
                p + "[rank0]:     return func(*args, **kwargs)",
                p + '[rank0]:   File "/shared/envs/moe-py310/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", line 1311, in init_process_group',
                p + "[rank0]:     default_pg, _ = _new_process_group_helper(",
                p + '[rank0]:   File "/shared/envs/moe-py310/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", line 1431, in _store_based_barrier',
                p + "[rank0]:     raise DistStoreError(  # noqa: TRY200",
                p + "[rank0]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined."])
    for idx, n in enumerate(nodes[:3]):
        for k in range(8):
            r = idx * 8 + k
            if r == 0:
                continue
            if rnd.random() < 0.35:
                out.append(n + ": [rank%d]: torch.distributed.DistNetworkError: Connection reset by peer" % r)
    for idx, n in enumerate(nodes[:3]):
        for k in range(8):
            out.append(n + ": [%s] [INFO] [launch.py:315:sigkill_handler] Killing subprocess %d" % (pylog(add(tt, 0.4 + idx * 0.1 + k * 0.002)), 71200 + idx * 40 + k))
        out.append(n + ": [%s] [ERROR] [launch.py:321:sigkill_handler] ['/shared/envs/moe-py310/bin/python', '-u', 'pretrain_moe.py', '--local_rank=7', '--deepspeed_config', 'ds_zero2.json', '--data', '/shared/data/moe_mix_v3'] exits with return code = 1" % pylog(add(tt, 0.6 + idx * 0.1)))
        out.append("pdsh@hpc-g114: %s: ssh exited with exit code 1" % n)
    files["deepspeed_launcher.log"] = "\n".join(out) + "\n"
    for n in nodes:
        chk = ["== prolog env check (job 55102) on %s ==" % n,
               "kernel: 4.18.0-513.24.1.el8_9.x86_64",
               "nvidia driver: 535.154.05",
               "$ rpm -q libcudnn8 libnccl"]
        if n == bad:
            chk += ["package libcudnn8 is not installed", "libnccl-2.19.3-1+cuda12.2.x86_64",
                    "$ ldconfig -p | grep -c libcudnn", "0",
                    "$ cat /etc/xcat-osimage", "rocky8.9-gpu-compute-v15 (provisioned 2024-06-02 17:48)"]
        else:
            chk += ["libcudnn8-8.9.7.29-1.cuda12.2.x86_64", "libnccl-2.19.3-1+cuda12.2.x86_64",
                    "$ ldconfig -p | grep -c libcudnn", "18",
                    "$ cat /etc/xcat-osimage", "rocky8.9-gpu-compute-v14 (provisioned 2024-03-11 09:12)"]
        files[n + "/prolog_env_check.log"] = "\n".join(chk) + "\n"
    files["hpc-g114/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(tt, 30), "535.154.05", "12.2", "NVIDIA A100-SXM4-80GB", mem_total=81920, power_cap=400, seed=31)) + "\n"
    label = dict(category="dependency", layer="infrastructure", culprit={"node": bad, "rank": None},
                 action="restart_without_node",
                 rationale="The first failure is hpc-g117's launcher dying on 'import torch' with libcudnn.so.8 missing; its prolog check shows libcudnn8 not installed after a reimage to a new osimage, while the other three nodes have it and their ranks only time out 30 minutes later waiting for the 8 absent clients (24/32 joined).",
                 modelled_on="https://github.com/pytorch/pytorch/issues/104259")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw04():
    name = "bw04_modulenotfound_on_all_ranks_at_start"
    t0 = T("2024-07-08 09:31:12")
    nodes = ["dgx-017", "dgx-018"]
    files = {}
    out = []
    out.append("Job 612870 started on dgx-[017-018] at %s" % ctime(t0))
    out.append("+ cd /home/mchen/llmtrain")
    out.append("+ git log -1 --oneline")
    out.append("4f2a1c9 refactor(data): split packing utilities into llmtrain/data/sequence_packing.py")
    out.append("+ pip show llmtrain | head -3")
    out.append("Name: llmtrain")
    out.append("Version: 0.7.0.dev0")
    out.append("Location: /home/mchen/llmtrain")
    out.append("+ srun -l torchrun --nnodes=2 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=dgx-017:29400 scripts/pretrain.py --config configs/1b_mix.yaml")
    for i in range(2):
        out.extend(_pref("%d: " % i, _torchrun_banner(add(t0, 4 + i * 0.1))))
    for i, n in enumerate(nodes):
        for lr in range(8):
            r = i * 8 + lr
            p = "%d: [rank%d]: " % (i, r)
            out.extend([p + "Traceback (most recent call last):",
                        p + '  File "/home/mchen/llmtrain/scripts/pretrain.py", line 14, in <module>',
                        p + "    from llmtrain.data.packing import PackedDataset, pack_sequences",
                        p + "ModuleNotFoundError: No module named 'llmtrain.data.packing'"])
    for i, n in enumerate(nodes):
        tf = add(t0, 9.2 + i * 0.3)
        out.append("%d: " % i + agent_failed_line(tf, 0, 20411 + i * 50, 1, "/usr/bin/python3"))
        fails = [dict(time=tf, host=n, rank=i * 8 + k, local_rank=k, exitcode=1, pid=20411 + i * 50 + k) for k in range(8)]
        out.extend(_pref("%d: " % i, torchrun_summary("scripts/pretrain.py", fails, fails[0])))
    out.append("srun: error: dgx-017: task 0: Exited with exit code 1")
    out.append("srun: error: dgx-018: task 1: Exited with exit code 1")
    files["slurm-612870.out"] = "\n".join(out) + "\n"
    files["repo_tree.txt"] = "\n".join([
        "$ ls llmtrain/data/",
        "__init__.py",
        "blending.py",
        "indexed.py",
        "sequence_packing.py",
        "tokenize_shards.py",
        "$ git show --stat HEAD | tail -4",
        " llmtrain/data/{packing.py => sequence_packing.py} | 12 ++++++------",
        " llmtrain/models/llama.py                          |  4 ++--",
        " 2 files changed, 8 insertions(+), 8 deletions(-)",
    ]) + "\n"
    files["sacct.txt"] = "\n".join(sacct([
        ("612870", "pt-1b-mix", "batch", "nlp", "224", "FAILED", "1:0"),
        ("612870.batch", "batch", "", "nlp", "112", "FAILED", "1:0"),
        ("612870.0", "torchrun", "", "nlp", "224", "FAILED", "1:0"),
    ])) + "\n"
    files["dgx-018/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(t0, 30), "550.54.15", "12.4", "NVIDIA H100 80GB HBM3", seed=4)) + "\n"
    label = dict(category="dependency", layer="script", culprit=None, action="stop",
                 rationale="All 16 ranks on both nodes fail at import with \"No module named 'llmtrain.data.packing'\"; the job's own repo HEAD renamed packing.py to sequence_packing.py, so the user's package is broken, not any node or the platform.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/50277")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw05():
    name = "bw05_flash_attn_undefined_symbol_after_job_setup"
    t0 = T("2024-08-02 15:44:20")
    nodes = ["node-031", "node-032", "node-033", "node-034"]
    files = {}
    files["requirements.txt"] = "\n".join([
        "# training deps (pinned 2024-08-01)",
        "accelerate==0.33.0",
        "datasets==2.20.0",
        "torch>=2.4",
        "transformers==4.43.3",
        "wandb",
        "sentencepiece",
        "",
    ])
    out = []
    out.append("== setup: pip install -r requirements.txt (per node) ==")
    for n in nodes[:1]:
        out += ["Collecting accelerate==0.33.0 (from -r requirements.txt (line 2))",
                "  Downloading accelerate-0.33.0-py3-none-any.whl.metadata (18 kB)",
                "Collecting torch>=2.4 (from -r requirements.txt (line 4))",
                "  Downloading torch-2.4.0-cp310-cp310-manylinux1_x86_64.whl.metadata (26 kB)",
                "Collecting nvidia-nccl-cu12==2.20.5 (from torch>=2.4->-r requirements.txt (line 4))",
                "  Downloading nvidia_nccl_cu12-2.20.5-py3-none-manylinux2014_x86_64.whl.metadata (1.8 kB)",
                "Collecting triton==3.0.0 (from torch>=2.4->-r requirements.txt (line 4))",
                "Downloading torch-2.4.0-cp310-cp310-manylinux1_x86_64.whl (797.2 MB)",
                "   ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 797.2/797.2 MB 112.4 MB/s eta 0:00:00",
                "Installing collected packages: triton, nvidia-nccl-cu12, nvidia-cudnn-cu12, torch, accelerate, transformers",
                "  Attempting uninstall: torch",
                "    Found existing installation: torch 2.3.0a0+6ddf5cf85e.nv24.4",
                "    Uninstalling torch-2.3.0a0+6ddf5cf85e.nv24.4:",
                "      Successfully uninstalled torch-2.3.0a0+6ddf5cf85e.nv24.4",
                "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.",
                "torchvision 0.18.0a0 requires torch==2.3.0a0+6ddf5cf85e.nv24.4, but you have torch 2.4.0 which is incompatible.",
                "Successfully installed accelerate-0.33.0 nvidia-cudnn-cu12-9.1.0.70 nvidia-nccl-cu12-2.20.5 torch-2.4.0 transformers-4.43.3 triton-3.0.0",
                "WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour with the system package manager."]
    out.append("== launch ==")
    out.append("accelerate launch --multi_gpu --num_machines 4 --num_processes 32 --machine_rank $SLURM_NODEID --main_process_ip node-031 --main_process_port 29500 sft.py --model /models/llama3-8b --attn flash_attention_2")
    tf = add(t0, 611)
    rnd = random.Random(55)
    for i, n in enumerate(nodes):
        for lr in range(8):
            r = i * 8 + lr
            if rnd.random() < 0.5 or lr == 0:
                p = "[rank%d]: " % r
                out.extend([p + "Traceback (most recent call last):",
                            p + '  File "/usr/local/lib/python3.10/dist-packages/transformers/utils/import_utils.py", line 1603, in _get_module',
                            p + '    return importlib.import_module("." + module_name, self.__name__)',
                            p + '  File "/usr/local/lib/python3.10/dist-packages/transformers/models/llama/modeling_llama.py", line 54, in <module>',
                            p + "    from flash_attn import flash_attn_func, flash_attn_varlen_func",
                            p + '  File "/usr/local/lib/python3.10/dist-packages/flash_attn/__init__.py", line 3, in <module>',
                            p + "    from flash_attn.flash_attn_interface import (",
                            p + '  File "/usr/local/lib/python3.10/dist-packages/flash_attn/flash_attn_interface.py", line 10, in <module>',
                            p + "    import flash_attn_2_cuda as flash_attn_cuda",
                            p + "ImportError: /usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
                            p + "",
                            p + "The above exception was the direct cause of the following exception:",
                            p + "",
                            p + "RuntimeError: Failed to import transformers.models.llama.modeling_llama because of the following error (look up to see its traceback):",
                            p + "/usr/local/lib/python3.10/dist-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi"])
    for i, n in enumerate(nodes):
        t = add(tf, 2 + i * 0.4)
        out.append(agent_failed_line(t, 0, 9120 + i * 20, 1, "/usr/bin/python"))
        fails = [dict(time=t, host=n, rank=i * 8 + k, local_rank=k, exitcode=1, pid=9120 + i * 20 + k) for k in range(8)]
        out.extend(torchrun_summary("sft.py", fails, fails[0]))
    files["job_output.log"] = "\n".join(out) + "\n"
    files["node-031/pip_freeze_after_setup.txt"] = "\n".join([
        "accelerate==0.33.0", "datasets==2.20.0", "flash-attn==2.4.2", "nvidia-nccl-cu12==2.20.5",
        "sentencepiece==0.2.0", "torch==2.4.0", "torchvision==0.18.0a0", "transformers==4.43.3",
        "transformer-engine==1.5.0+6a9edc3", "triton==3.0.0", "wandb==0.17.5"]) + "\n"
    files["node-031/image_info.txt"] = "image: nvcr.io/nvidia/pytorch:24.04-py3 (ships torch 2.3.0a0+6ddf5cf85e.nv24.4, flash-attn 2.4.2 built against it)\n"
    label = dict(category="dependency", layer="script", culprit=None, action="stop",
                 rationale="The job's own setup step ran 'pip install -r requirements.txt', whose 'torch>=2.4' replaced the image's torch 2.3 build; the image's flash-attn extension was compiled against 2.3, so every rank on every node fails with an undefined c10 symbol. The user's requirements broke the environment.",
                 modelled_on="https://github.com/Dao-AILab/flash-attention/issues/723")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw06():
    name = "bw06_pods_crashloop_undefined_symbol_on_import"
    t0 = T("2024-02-21 13:05:40")
    img = "registry.corp.example/mlplatform/pytorch-train:2.2.0-cu121-r7"
    pods = [("llm-pt-7b-master-0", "gke-a3-pool-2f1c"), ("llm-pt-7b-worker-0", "gke-a3-pool-7d0a"),
            ("llm-pt-7b-worker-1", "gke-a3-pool-91be"), ("llm-pt-7b-worker-2", "gke-a3-pool-c44e")]
    files = {}
    err = ["Traceback (most recent call last):",
           '  File "/app/train.py", line 5, in <module>',
           "    import torch",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/__init__.py", line 237, in <module>',
           "    from torch._C import *  # noqa: F403",
           "ImportError: /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister"]
    for pod, node in pods:
        lines = ["+ python -c 'import os; print(os.environ.get(\"LD_LIBRARY_PATH\"))'",
                 "/opt/nccl-2.18.3/lib:/usr/local/nvidia/lib64:/usr/local/cuda/lib64",
                 "+ exec torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=llm-pt-7b-master-0:29400 /app/train.py --cfg /cfg/7b.yaml",
                 "Traceback (most recent call last):",
                 '  File "/usr/local/bin/torchrun", line 5, in <module>',
                 "    from torch.distributed.run import main",
                 '  File "/usr/local/lib/python3.10/dist-packages/torch/__init__.py", line 237, in <module>',
                 "    from torch._C import *  # noqa: F403",
                 "ImportError: /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister"]
        files[node + "/%s.log" % pod] = "\n".join(lines) + "\n"
    desc = []
    desc += ["Name:             llm-pt-7b-worker-1",
             "Namespace:        llm-train",
             "Priority:         1000",
             "Service Account:  train-sa",
             "Node:             gke-a3-pool-91be/10.128.0.77",
             "Start Time:       %s, %02d %s %d %s +0000" % (DAYS[t0.weekday()], t0.day, MONTHS[t0.month - 1], t0.year, t0.strftime("%H:%M:%S")),
             "Labels:           training.kubeflow.org/job-name=llm-pt-7b",
             "                  training.kubeflow.org/replica-index=1",
             "                  training.kubeflow.org/replica-type=worker",
             "Status:           Running",
             "Containers:",
             "  pytorch:",
             "    Container ID:  containerd://8f1e0c1d7a5b...",
             "    Image:         %s" % img,
             "    Image ID:      registry.corp.example/mlplatform/pytorch-train@sha256:4b7e0d6c2f1a9e83b5d7c0a1f62e9d4b8c3a7f10e5d2c9b8a7f6e5d4c3b2a190",
             "    State:          Waiting",
             "      Reason:       CrashLoopBackOff",
             "    Last State:     Terminated",
             "      Reason:       Error",
             "      Exit Code:    1",
             "    Restart Count:  4",
             "    Limits:",
             "      nvidia.com/gpu:  8",
             "    Environment:",
             "      PET_NNODES:     4",
             "      NCCL_DEBUG:     WARN",
             "Events:",
             "  Type     Reason     Age                From               Message",
             "  ----     ------     ----               ----               -------",
             "  Normal   Scheduled  6m12s              default-scheduler  Successfully assigned llm-train/llm-pt-7b-worker-1 to gke-a3-pool-91be",
             "  Normal   Pulled     6m5s               kubelet            Successfully pulled image \"%s\" in 41.2s (41.2s including waiting)" % img,
             "  Normal   Created    3m (x5 over 5m20s)  kubelet            Created container pytorch",
             "  Normal   Started    3m (x5 over 5m20s)  kubelet            Started container pytorch",
             "  Warning  BackOff    14s (x21 over 5m)  kubelet            Back-off restarting failed container pytorch in pod llm-pt-7b-worker-1_llm-train(3c0e...)"]
    files["kubectl_describe_pod_worker-1.txt"] = "\n".join(desc) + "\n"
    files["kubectl_get_pods.txt"] = "\n".join([
        "NAME                 READY   STATUS             RESTARTS      AGE   IP            NODE",
        "llm-pt-7b-master-0   0/1     CrashLoopBackOff   5 (41s ago)   6m    10.8.3.14     gke-a3-pool-2f1c",
        "llm-pt-7b-worker-0   0/1     CrashLoopBackOff   5 (38s ago)   6m    10.8.7.22     gke-a3-pool-7d0a",
        "llm-pt-7b-worker-1   0/1     CrashLoopBackOff   4 (64s ago)   6m    10.8.9.31     gke-a3-pool-91be",
        "llm-pt-7b-worker-2   0/1     CrashLoopBackOff   5 (29s ago)   6m    10.8.12.5     gke-a3-pool-c44e"]) + "\n"
    files["image_inspect.json"] = json.dumps({
        "RepoTags": [img],
        "Created": "2024-02-20T22:41:07Z",
        "Config": {
            "Env": ["PATH=/usr/local/nvidia/bin:/usr/local/cuda/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                    "LD_LIBRARY_PATH=/opt/nccl-2.18.3/lib:/usr/local/nvidia/lib64:/usr/local/cuda/lib64",
                    "PYTORCH_VERSION=2.2.0", "NVIDIA_REQUIRE_CUDA=cuda>=12.1"],
            "Labels": {"org.opencontainers.image.revision": "b71c3e0",
                       "org.opencontainers.image.source": "https://git.corp.example/mlplatform/images",
                       "build.notes": "r7: add /opt/nccl-2.18.3 for the SHARP collnet plugin; r6 had no system NCCL"}}
    }, indent=2) + "\n"
    files["pytorchjob_events.txt"] = "\n".join([
        "LAST SEEN   TYPE      REASON                   OBJECT                  MESSAGE",
        "7m          Normal    SuccessfulCreatePod      pytorchjob/llm-pt-7b    Created pod: llm-pt-7b-master-0",
        "7m          Normal    SuccessfulCreatePod      pytorchjob/llm-pt-7b    Created pod: llm-pt-7b-worker-0",
        "7m          Normal    SuccessfulCreatePod      pytorchjob/llm-pt-7b    Created pod: llm-pt-7b-worker-1",
        "7m          Normal    SuccessfulCreatePod      pytorchjob/llm-pt-7b    Created pod: llm-pt-7b-worker-2",
        "2m          Warning   PyTorchJobRestarting     pytorchjob/llm-pt-7b    PyTorchJob llm-pt-7b is restarting because 4 Master replica(s) failed.",
        "1m          Normal    JobSpecImageChanged      pytorchjob/llm-pt-7b    image 2.2.0-cu121-r6 -> 2.2.0-cu121-r7 (platform rollout ML-4412)",
    ]) + "\n"
    label = dict(category="dependency", layer="framework", culprit=None, action="stop",
                 rationale="All four pods on four different nodes crash at 'import torch' with libtorch_cuda.so undefined symbol ncclCommRegister; the platform image r7 prepends /opt/nccl-2.18.3 to LD_LIBRARY_PATH, an older NCCL than torch 2.2 needs. Same image error everywhere and no user-installed packages, so it is the shared container image.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/119932")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw07():
    name = "bw07_nccl_internal_error_message_truncated_at_init"
    t0 = T("2024-09-10 04:12:03")
    nodes = ["gpu-node-11", "gpu-node-12", "gpu-node-13", "gpu-node-14"]
    pods = ["llama-70b-sft-master-0", "llama-70b-sft-worker-0", "llama-70b-sft-worker-1", "llama-70b-sft-worker-2"]
    ips = ["10.42.1.18", "10.42.2.33", "10.42.3.9", "10.42.4.51"]
    bad_i = 3
    files = {}
    new_digest = "sha256:7c2d61e0a94f3b5e8d1c0f9a6b4e2d7c1a3f5e9b8d6c4a2e0f1b3d5c7e9a1b2c"
    old_digest = "sha256:e41b09c7f3a2d5e6b8c1a0f9d7e3b5c2a4f6e8d0b1c3a5e7f9d2b4c6e8a0f1d3"
    img = "harbor.lab.internal/llm/trainer:latest"
    for i, (n, pod) in enumerate(zip(nodes, pods)):
        lines = []
        ver = ("2.1.2+cu121", "(2, 18, 1)") if i == bad_i else ("2.4.1+cu124", "(2, 20, 5)")
        for lr in range(8):
            r = i * 8 + lr
            lines.append("[rank%d] %s INFO env: host=%s pod=%s torch=%s nccl=%s cuda_visible=%d" % (
                r, pylog(add(t0, 2 + lr * 0.01)), n, pod, ver[0], ver[1], lr))
        nver = "2.18.1+cuda12.1" if i == bad_i else "2.20.5+cuda12.4"
        for lr in range(8):
            r = i * 8 + lr
            lines.extend(nccl_init_block(pod, 310 + lr, lr, r, 32, nver, "eth0", ips[i], net="IB"))
        if i == 2:
            # neighbour of the stale pod: it receives the bigger/smaller bootstrap message and shouts
            tw = add(t0, 9.8)
            for lr in (6, 7):
                r = i * 8 + lr
                lines.append(nccl_warn(pod, 310 + lr, 518 + lr, lr, "bootstrap.cc:77", "Message truncated : received 2448 bytes instead of 2384"))
                lines.append(nccl_info(pod, 310 + lr, 518 + lr, lr, "bootstrap.cc:586 -> 3"))
                lines.append(nccl_info(pod, 310 + lr, 518 + lr, lr, "init.cc:1102 -> 3"))
                lines.append(nccl_info(pod, 310 + lr, 518 + lr, lr, "init.cc:1578 -> 3"))
                lines.append(nccl_info(pod, 310 + lr, 518 + lr, lr, "group.cc:64 -> 3 [Async thread]"))
            for lr in range(8):
                r = i * 8 + lr
                p = "[rank%d]: " % r
                lines.extend([p + "Traceback (most recent call last):",
                              p + '  File "/app/sft.py", line 288, in <module>',
                              p + "    main()",
                              p + '  File "/app/sft.py", line 141, in main',
                              p + "    dist.barrier(device_ids=[local_rank])",
                              p + '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 4164, in barrier',
                              p + "    work = default_pg.barrier(opts=opts)",
                              p + "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, internal error - please report this issue to the NCCL developers, NCCL version 2.20.5",
                              p + "ncclInternalError: Internal check failed.",
                              p + "Last error:",
                              p + "Message truncated : received 2448 bytes instead of 2384"])
        elif i == bad_i:
            lines.append("%s waiting on barrier ..." % pylog(add(t0, 10)))
            tt = add(t0, 14.0)
            lines.extend(agent_sigterm_lines(tt, [4410 + k for k in range(8)]))
        else:
            for lr in range(8):
                r = i * 8 + lr
                if lr % 3 == 0:
                    p = "[rank%d]: " % r
                    lines.append(p + "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, remote process exited or there was a network error, NCCL version 2.20.5")
                    lines.append(p + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                    lines.append(p + "Last error:")
                    lines.append(p + "socketProgress: Connection closed by remote peer %s<41822>" % ips[2])
        files[n + "/%s.log" % pod] = "\n".join(lines) + "\n"
    # kubectl describe: digests
    kd = []
    for i, (n, pod) in enumerate(zip(nodes, pods)):
        kd += ["Name:         %s" % pod,
               "Node:         %s/%s" % (n, ips[i].replace("10.42", "172.16")),
               "Containers:",
               "  pytorch:",
               "    Image:          %s" % img,
               "    Image ID:       harbor.lab.internal/llm/trainer@%s" % (old_digest if i == bad_i else new_digest),
               "    Image pull policy: IfNotPresent",
               "    State:          Terminated",
               "      Reason:       Error",
               "      Exit Code:    %d" % (143 if i == bad_i else 1),
               "Events:",
               "  Type    Reason     Age   From     Message",
               "  ----    ------     ----  ----     -------"]
        if i == bad_i:
            kd.append("  Normal  Pulled     12m   kubelet  Container image \"%s\" already present on machine" % img)
        else:
            kd.append("  Normal  Pulling    13m   kubelet  Pulling image \"%s\"" % img)
            kd.append("  Normal  Pulled     12m   kubelet  Successfully pulled image \"%s\" in 58.331s (58.331s including waiting)" % img)
        kd.append("")
    files["kubectl_describe_pods.txt"] = "\n".join(kd) + "\n"
    files["pytorchjob_status.txt"] = "\n".join([
        "Name:         llama-70b-sft",
        "Status:",
        "  Conditions:",
        "    Last Transition Time:  %s" % iso(add(t0, 15)) + "Z",
        "    Message:               PyTorchJob llama-70b-sft is failed because 1 Worker replica(s) failed.",
        "    Reason:                PyTorchJobFailed",
        "    Status:                True",
        "    Type:                  Failed"]) + "\n"
    label = dict(category="dependency", layer="infrastructure", culprit={"node": "gpu-node-14", "rank": None},
                 action="restart_without_node",
                 rationale="The NCCL 'Message truncated' internal error on worker-1 is a symptom of mixed NCCL versions: the pod on gpu-node-14 logs torch 2.1.2 / NCCL 2.18.1 while all others run torch 2.4.1 / NCCL 2.20.5, and kubectl shows it started from a stale cached ':latest' image digest ('already present on machine', IfNotPresent). One node's container image is wrong.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1328")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw08():
    name = "bw08_error_802_system_not_yet_initialized_one_node"
    t0 = T("2024-05-21 08:02:11")
    nodes = ["h100-r3-%02d" % k for k in range(1, 9)]
    bad = "h100-r3-06"
    bi = nodes.index(bad)
    files = {}
    out = []
    out.append("+ srun -l --kill-on-bad-exit=1 bash -c 'torchrun --nnodes=8 --nproc-per-node=8 --node-rank=$SLURM_NODEID --master-addr=h100-r3-01 --master-port=29511 pretrain_gpt.py ${MEGATRON_ARGS}'")
    for i in range(8):
        out.extend(_pref("%d: " % i, _torchrun_banner(add(t0, 3 + i * 0.03))))
    out.append("0: using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1")
    out.append("0: > initializing torch distributed ...")
    te = add(t0, 11.4)
    for lr in range(8):
        r = bi * 8 + lr
        p = "%d: [rank%d]: " % (bi, r)
        out.extend([p + "Traceback (most recent call last):",
                    p + '  File "/opt/megatron-lm/pretrain_gpt.py", line 243, in <module>',
                    p + "    pretrain(",
                    p + '  File "/opt/megatron-lm/megatron/training/training.py", line 225, in pretrain',
                    p + "    initialize_megatron(",
                    p + '  File "/opt/megatron-lm/megatron/training/initialize.py", line 73, in initialize_megatron',
                    p + "    finish_mpu_init()",
                    p + '  File "/opt/megatron-lm/megatron/training/initialize.py", line 53, in finish_mpu_init',
                    p + "    _initialize_distributed(get_embedding_ranks, get_position_embedding_ranks)",
                    p + '  File "/opt/megatron-lm/megatron/training/initialize.py", line 224, in _initialize_distributed',
                    p + "    device_count = torch.cuda.device_count()",
                    p + '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 301, in _lazy_init',
                    p + "    torch._C._cuda_init()",
                    p + "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized"])
    tf = add(te, 1.1)
    out.append("%d: " % bi + agent_failed_line(tf, 0, 77310, 1, "/usr/bin/python"))
    fails = [dict(time=tf, host=bad, rank=bi * 8 + k, local_rank=k, exitcode=1, pid=77310 + k) for k in range(8)]
    out.extend(_pref("%d: " % bi, torchrun_summary("pretrain_gpt.py", fails, fails[0])))
    out.append("srun: error: %s: task %d: Exited with exit code 1" % (bad, bi))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    ts = add(tf, 0.5)
    out.append("slurmstepd: error: *** STEP 4410982.0 ON h100-r3-01 CANCELLED AT %s ***" % iso(ts))
    for i in range(8):
        if i == bi:
            continue
        out.extend(_pref("%d: " % i, agent_sigterm_lines(add(ts, 0.02 * i), [60100 + i * 11 + k for k in range(8)])))
    for i in range(8):
        if i != bi:
            out.append("srun: error: %s: task %d: Terminated" % (nodes[i], i))
    files["slurm-4410982.out"] = "\n".join(out) + "\n"
    j = []
    jt = T("2024-05-21 03:11:52")
    j.append("%s %s systemd[1]: Starting NVIDIA fabric manager service..." % (syslog(add(jt, 17)), bad))
    j.append("%s %s nv-fabricmanager[5121]: fabric manager NVIDIA GPU driver interface version 550.54.15 don't match with driver version 550.90.07. Please update with matching NVIDIA driver package." % (syslog(add(jt, 17.3)), bad))
    j.append("%s %s nvidia-fabricmanager-start.sh[5104]: \"/usr/bin/nv-fabricmanager -c /usr/share/nvidia/nvswitch/fabricmanager.cfg\" failed; exit 1" % (syslog(add(jt, 17.3)), bad))
    j.append("%s %s systemd[1]: nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE" % (syslog(add(jt, 17.4)), bad))
    j.append("%s %s systemd[1]: nvidia-fabricmanager.service: Failed with result 'exit-code'." % (syslog(add(jt, 17.4)), bad))
    j.append("%s %s systemd[1]: Failed to start NVIDIA fabric manager service." % (syslog(add(jt, 17.4)), bad))
    j.append("%s %s slurmd[6044]: slurmd version 23.11.6 started" % (syslog(add(jt, 40)), bad))
    j.append("%s %s slurmd[6044]: CPUs=224 Boards=1 Sockets=2 Cores=56 Threads=2 Memory=2063763 TmpDisk=3576980 Uptime=48 CPUSpecList=(null) FeaturesAvail=(null) FeaturesActive=(null)" % (syslog(add(jt, 40.1)), bad))
    files[bad + "/journal_boot.txt"] = "\n".join(j) + "\n"
    files[bad + "/dpkg_nvidia.txt"] = "\n".join([
        "ii  nvidia-driver-550-server             550.90.07-0ubuntu0.22.04.1  amd64  NVIDIA Server Driver metapackage",
        "ii  nvidia-kernel-common-550-server      550.90.07-0ubuntu0.22.04.1  amd64  Shared files used with the kernel module",
        "hi  nvidia-fabricmanager-550             550.54.15-1                 amd64  Fabric Manager for NvSwitch based systems.",
        "ii  libnvidia-nscq-550                   550.54.15-1                 amd64  NVSwitch Configuration and Query library"]) + "\n"
    files["h100-r3-02/dpkg_nvidia.txt"] = "\n".join([
        "ii  nvidia-driver-550-server             550.54.15-0ubuntu0.22.04.1  amd64  NVIDIA Server Driver metapackage",
        "ii  nvidia-kernel-common-550-server      550.54.15-0ubuntu0.22.04.1  amd64  Shared files used with the kernel module",
        "hi  nvidia-fabricmanager-550             550.54.15-1                 amd64  Fabric Manager for NvSwitch based systems.",
        "ii  libnvidia-nscq-550                   550.54.15-1                 amd64  NVSwitch Configuration and Query library"]) + "\n"
    files[bad + "/nvidia-smi-q-fabric.txt"] = "\n".join([
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : %s" % ctime(add(t0, 80)),
        "Driver Version                            : 550.90.07",
        "CUDA Version                              : 12.4",
        "",
        "Attached GPUs                             : 8",
        "GPU 00000000:18:00.0",
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    Fabric",
        "        State                             : In Progress",
        "        Status                            : N/A",
        "        CliqueId                          : N/A",
        "        ClusterUUID                       : N/A",
        ""]) + "\n"
    files["h100-r3-02/nvidia-smi.txt"] = "\n".join(nvidia_smi_table(add(t0, 80), "550.54.15", "12.4", "NVIDIA H100 80GB HBM3", seed=12)) + "\n"
    files["h100-r3-01/dmesg.txt"] = "\n".join([
        "%s mlx5_core 0000:ab:00.0: Port module event: module 0, Cable plugged" % dmesg_h(T("2024-05-20 19:02:11")),
        "%s nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing" % dmesg_h(add(ts, 0.3)),
    ]) + "\n"
    files["topology.json"] = json.dumps({"topology": {"leaf-r3-a": nodes[:4], "leaf-r3-b": nodes[4:]}}, indent=2) + "\n"
    label = dict(category="dependency", layer="infrastructure", culprit={"node": bad, "rank": None},
                 action="restart_without_node",
                 rationale="Only h100-r3-06's ranks fail CUDA init with Error 802; its boot journal shows nvidia-fabricmanager refusing to start because the held fabricmanager 550.54.15 no longer matches the upgraded 550.90.07 driver, while the other nodes run a matched 550.54.15 stack and only die from the srun cancel.",
                 modelled_on="https://github.com/nanoporetech/dorado/issues/1214")
    return name, files, label


# ---------------------------------------------------------------------------------------------
def bw09():
    name = "bw09_ncclinvalidusage_network_not_found_at_init"
    t0 = T("2024-10-02 17:20:44")
    nodes = ["ip-10-1-34-17", "ip-10-1-35-122", "ip-10-1-36-9", "ip-10-1-37-200"]
    ips = ["10.1.34.17", "10.1.35.122", "10.1.36.9", "10.1.37.200"]
    bad_i = 3
    bad = nodes[bad_i]
    files = {}
    out = []
    out.append("+ export FI_PROVIDER=efa FI_EFA_USE_DEVICE_RDMA=1 NCCL_NET='AWS Libfabric' NCCL_DEBUG=INFO NCCL_SOCKET_IFNAME=enp")
    out.append("+ srun -l torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=ip-10-1-34-17:29500 train_fsdp.py --model mixtral-8x7b")
    for i, n in enumerate(nodes):
        for lr in (0, 1):
            r = i * 8 + lr
            pid = 30110 + i * 100 + lr
            if i == bad_i:
                plug = ["NET/Plugin: Plugin load (libnccl-net.so) returned 2 : libfabric.so.1: cannot open shared object file: No such file or directory",
                        "NET/Plugin: No plugin found, using internal implementation"]
            else:
                plug = ["NET/Plugin: Loaded net plugin Libfabric (v8)",
                        "NET/OFI Initializing aws-ofi-nccl 1.9.1-aws",
                        "NET/OFI Using Libfabric version 1.21",
                        "NET/OFI Using CUDA driver version 12040",
                        "NET/OFI Configuring AWS-specific options",
                        "NET/OFI Setting provider_filter to efa",
                        "NET/OFI Selected Provider is efa (found 32 nics)",
                        "Using network AWS Libfabric"]
            blk = []
            if r == 0:
                blk.append("NCCL version 2.21.5+cuda12.4")
            blk.append(nccl_info(n, pid, pid, lr, "cudaDriverVersion 12040"))
            blk.append(nccl_info(n, pid, pid, lr, "Bootstrap : Using enp71s0:%s<0>" % ips[i]))
            for pl in plug:
                blk.append(nccl_info(n, pid, pid, lr, pl))
            if i == bad_i:
                blk.append(nccl_warn(n, pid, pid + 201, lr, "net.cc:749", "Error: network AWS Libfabric not found."))
                blk.append(nccl_info(n, pid, pid + 201, lr, "init.cc:1597 -> 5"))
                blk.append(nccl_info(n, pid, pid + 201, lr, "group.cc:64 -> 5 [Async thread]"))
            out.extend(_pref("%d: " % i, blk))
    tf = add(t0, 21.0)
    for lr in range(8):
        r = bad_i * 8 + lr
        p = "%d: [rank%d]: " % (bad_i, r)
        out.extend([p + "Traceback (most recent call last):",
                    p + '  File "/fsx/users/kpatel/llm/train_fsdp.py", line 402, in <module>',
                    p + "    main()",
                    p + '  File "/fsx/users/kpatel/llm/train_fsdp.py", line 188, in main',
                    p + "    dist.barrier()",
                    p + '  File "/opt/conda/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 4164, in barrier',
                    p + "    work = default_pg.barrier(opts=opts)",
                    p + "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.21.5",
                    p + "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
                    p + "Last error:",
                    p + "Error: network AWS Libfabric not found."])
    out.append("%d: " % bad_i + agent_failed_line(add(tf, 1.2), 0, 30410, 1, "/opt/conda/bin/python3.11"))
    fails = [dict(time=add(tf, 1.2), host=bad, rank=bad_i * 8 + k, local_rank=k, exitcode=1, pid=30410 + k) for k in range(8)]
    out.extend(_pref("%d: " % bad_i, torchrun_summary("train_fsdp.py", fails, fails[0])))
    out.append("srun: error: %s: task %d: Exited with exit code 1" % (bad, bad_i))
    # others: after the bad node's ranks exit they get remote errors, then timeouts
    for i in range(3):
        for lr in (0, 4):
            r = i * 8 + lr
            out.append("%d: [rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, remote process exited or there was a network error, NCCL version 2.21.5" % (i, r))
            out.append("%d: [rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (i, r))
            out.append("%d: [rank%d]: Last error:" % (i, r))
            out.append("%d: [rank%d]: socketProgress: Connection closed by remote peer %s<52104>" % (i, r, ips[bad_i]))
    for i in range(3):
        out.append("%d: " % i + agent_failed_line(add(tf, 3 + i * 0.2), 0, 30110 + i * 100, 1, "/opt/conda/bin/python3.11"))
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (nodes[i], i))
    files["slurm-2207.out"] = "\n".join(out) + "\n"
    ci = ["[   31.902114] cloud-init[1433]: + /opt/parallelcluster/scripts/install_efa.sh",
          "[   92.117034] cloud-init[1433]: curl: (28) Failed to connect to efa-installer.amazonaws.com port 443 after 60001 ms: Timeout was reached",
          "[   92.118201] cloud-init[1433]: WARNING: EFA installer download failed, continuing bootstrap",
          "[  101.771902] cloud-init[1433]: Cloud-init v. 23.4.4 finished at Wed, 02 Oct 2024 16:58:19 +0000. Datasource DataSourceEc2Local.  Up 101.55 seconds"]
    files[bad + "/cloud-init-output.log"] = "\n".join(ci) + "\n"
    files[bad + "/efa_check.txt"] = "\n".join([
        "$ ls /opt/amazon/efa",
        "ls: cannot access '/opt/amazon/efa': No such file or directory",
        "$ fi_info -p efa -t FI_EP_RDM",
        "bash: fi_info: command not found",
        "$ lspci | grep -c 'Elastic Fabric Adapter'",
        "32"]) + "\n"
    files[nodes[0] + "/efa_check.txt"] = "\n".join([
        "$ ls /opt/amazon/efa",
        "bin  include  lib  share",
        "$ fi_info -p efa -t FI_EP_RDM | head -4",
        "provider: efa",
        "    fabric: efa",
        "    domain: rdmap79s0-rdm",
        "    version: 120.10"]) + "\n"
    files["asg_activity.txt"] = "\n".join([
        "2024-10-02T16:51:03Z  Launching a new EC2 instance: i-0c7e1f2d3a4b5c6d7 (ip-10-1-37-200). Cause: an instance was taken out of service in response to an EC2 health check indicating it has been terminated or stopped.",
        "2024-10-02T16:58:19Z  Instance i-0c7e1f2d3a4b5c6d7 InService"]) + "\n"
    label = dict(category="dependency", layer="infrastructure", culprit={"node": bad, "rank": None},
                 action="restart_without_node",
                 rationale="ip-10-1-37-200 cannot load the aws-ofi-nccl plugin (libfabric.so.1 missing, /opt/amazon/efa absent because the EFA installer download failed when this replacement instance booted), so its ranks hit ncclInvalidUsage 'network AWS Libfabric not found'; the other nodes load the plugin fine and only see the remote peer disappear.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1059")
    return name, files, label


CASES = [bw01, bw02, bw03, bw04, bw05, bw06, bw07, bw08, bw09]
