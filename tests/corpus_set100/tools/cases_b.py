"""Cases cs11-cs20."""
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
# cs11: NCCL_SOCKET_IFNAME=eth0 exported by mpirun, nodes have no eth0 (all ranks)
# =====================================================================================
def cs11():
    rng = random.Random(10011)
    name = "cs11_nccl_socket_ifname_wrong"
    nodes = ["cn-r07-01", "cn-r07-02"]
    files = {}
    files["run_mpi.sh"] = """#!/bin/bash
# copied from the cloud recipe (cloud VMs name their NIC eth0)
mpirun -np 16 -H cn-r07-01:8,cn-r07-02:8 --tag-output --bind-to none --map-by slot \\
  -x NCCL_SOCKET_IFNAME=eth0 -x NCCL_DEBUG=INFO -x NCCL_DEBUG_SUBSYS=INIT,NET \\
  -x MASTER_ADDR=cn-r07-01 -x MASTER_PORT=29500 -x LD_LIBRARY_PATH -x PATH \\
  python train_mpi.py --cfg cfg/swin_v2_g.yaml
"""
    jobid = 41234
    out = []
    pid0 = 88120
    rank_pid = {}
    for r in range(16):
        host = nodes[r // 8]
        lr = r % 8
        rank_pid[r] = pid0 + r * 3 + (1000 if r >= 8 else 0)
    t0 = T(2024, 7, 30, 10, 5, 12)
    pre = []
    for r in range(16):
        host = nodes[r // 8]
        lr = r % 8
        p = rank_pid[r]
        pre.append([
            "[%d,%d]<stdout>:%s" % (jobid, r, nccl(host, p, p, lr, "cudaDriverVersion 12040")),
            "[%d,%d]<stdout>:%s" % (jobid, r, nccl(host, p, p, lr, "NCCL_SOCKET_IFNAME set by environment to eth0")),
            "[%d,%d]<stdout>:" % (jobid, r),
            "[%d,%d]<stdout>:%s" % (jobid, r, nccl(host, p, p, lr, "Bootstrap : no socket interface found", level="WARN")),
            "[%d,%d]<stdout>:%s" % (jobid, r, nccl(host, p, p, lr, "init.cc:1753 -> 3")),
        ])
    out.append("[%d,0]<stdout>:[train_mpi] world_size=16 rank=0 local_rank=0 master=cn-r07-01:29500" % jobid)
    out += interleave(rng, pre)
    tbs = []
    for r in range(16):
        tbs.append(["[%d,%d]<stderr>:%s" % (jobid, r, l) for l in [
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "/home/vz/swin/train_mpi.py", line 88, in <module>' % r,
            "[rank%d]:     dist.barrier()" % r,
            '[rank%d]:   File "/opt/miniforge/envs/swin/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 4159, in barrier' % r,
            "[rank%d]:     work = default_pg.barrier(opts=opts)" % r,
            "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, internal error - please report this issue to the NCCL developers, NCCL version 2.21.5" % r,
            "[rank%d]: ncclInternalError: Internal check failed." % r,
            "[rank%d]: Last error:" % r,
            "[rank%d]: Bootstrap : no socket interface found" % r,
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
        "  Process name: [[%d,1],11]" % jobid,
        "  Exit code:    1",
        "--------------------------------------------------------------------------",
    ]
    files["mpirun.log"] = lines(out)
    for hi, n in enumerate(nodes):
        files["%s/ip-addr.txt" % n] = lines(ip_addr(hi, [
            ("eno1", mac(rng), "10.40.7.%d/24" % (11 + hi), "UP"),
            ("ens10f0np0", mac(rng), "172.22.7.%d/16" % (11 + hi), "UP"),
            ("ibp65s0", "00:00:10:29:fe:80:00:00:00:00:00:00:%02x:%02x" % (rng.randint(0, 255), rng.randint(0, 255)),
             "192.168.70.%d/24" % (11 + hi), "UP"),
            ("docker0", mac(rng), "172.17.0.1/16", "DOWN"),
        ]))
    files["cn-r07-01/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 30), "550.90.07", "12.4",
                                                       make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)))
    lab = label("dependency", "script", None, None, "stop",
                "All 16 ranks on both nodes fail identically in the first barrier: NCCL reports "
                "'NCCL_SOCKET_IFNAME set by environment to eth0' then 'Bootstrap : no socket interface found' "
                "(ncclInternalError). Neither node has an eth0 (eno1/ens10f0np0/ibp65s0 only); the mpirun line "
                "exports NCCL_SOCKET_IFNAME=eth0 copied from a cloud recipe. The job's own environment is wrong, "
                "so fix the variable rather than the nodes.",
                "https://github.com/EvolvingLMMs-Lab/open-r1-multimodal/issues/7")
    return name, files, lab


# =====================================================================================
# cs12: one node's mlx5_ib failed to load after a kernel update -> NCCL_NET=IB not found
# =====================================================================================
def cs12():
    rng = random.Random(10012)
    name = "cs12_ib_driver_not_loaded_one_node"
    nodes = ["gpu%d" % i for i in range(301, 309)]
    bad = "gpu305"
    bi = nodes.index(bad)
    job = 7730015
    t0 = T(2025, 6, 2, 20, 31, 8, 770000)
    sbatch = """#!/bin/bash
#SBATCH -J llama3-70b-cpt
#SBATCH -N 8
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --exclusive
#SBATCH -t 5-00:00:00
#SBATCH --requeue

export NCCL_NET=IB                # never silently fall back to TCP
export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7
export NCCL_DEBUG=INFO
export NCCL_DEBUG_SUBSYS=INIT,NET
head=$(scontrol show hostnames $SLURM_NODELIST | head -n1)
srun --label --container-image=/shared/sqsh/nemo-24.12.sqsh torchrun --nnodes=8 --nproc_per_node=8 \\
  --rdzv_backend=c10d --rdzv_endpoint=$head:29500 --rdzv_id=$SLURM_JOB_ID \\
  /opt/train/cpt.py --cfg /shared/cfg/llama3_70b_cpt.yaml
"""
    out = []
    for i, n in enumerate(nodes):
        for lr in (0,):
            p = 60000 + i * 97
            out.append("%d: %s" % (i, nccl(n, p, p, lr, "Bootstrap : Using ibp26s0:10.70.3.%d<0>" % (i + 1))))
    blocks = []
    for i, n in enumerate(nodes):
        for lr in range(8):
            p = 60000 + i * 97 + lr
            r = i * 8 + lr
            if n == bad:
                blocks.append(["%d: %s" % (i, l) for l in [
                    nccl(n, p, p + 210, lr, "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."),
                    nccl(n, p, p + 210, lr, "NET/IB : No device found."),
                    nccl(n, p, p + 210, lr, "NET/Socket : Using [0]ibp26s0:10.70.3.%d<0> [1]eno8303:10.60.3.%d<0>" % (bi + 1, bi + 1)),
                    nccl(n, p, p + 210, lr, "Error: network IB not found.", level="WARN"),
                    nccl(n, p, p + 210, lr, "init.cc:1771 -> 5"),
                ]])
            elif lr in (0, 7):
                blocks.append(["%d: %s" % (i, l) for l in [
                    nccl(n, p, p + 210, lr, "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."),
                    nccl(n, p, p + 210, lr, "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_7:1/IB [RO]; OOB ibp26s0:10.70.3.%d<0>" % (i + 1)),
                    nccl(n, p, p + 210, lr, "Using network IB"),
                ]])
    out += interleave(rng, blocks)
    tbs = []
    for lr in range(8):
        r = bi * 8 + lr
        tbs.append(["%d: %s" % (bi, l) for l in [
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "/opt/train/cpt.py", line 144, in <module>' % r,
            "[rank%d]:     dist.barrier(device_ids=[local_rank])" % r,
            "[rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2100, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.23.4" % r,
            "[rank%d]: ncclInvalidUsage: This usually reflects invalid usage of NCCL library." % r,
            "[rank%d]: Last error:" % r,
            "[rank%d]: Error: network IB not found." % r,
        ]])
    out += interleave(rng, tbs)
    for i, n in enumerate(nodes):
        if n == bad:
            continue
        p = 60000 + i * 97
        t = plus(t0, 24 + rng.random())
        out.append("%d: " % i)
        out.append("%d: %s" % (i, nccl(n, p + 3, p + 260, 3, "socketProgress: Connection closed by remote peer %s<%d>" % (bad, 40000 + rng.randint(0, 9999)), level="WARN")))
        out.append("%d: %s" % (i, nccl(n, p + 3, p + 260, 3, "misc/socket.cc:47 -> 6")))
        out.append("%d: [rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2100, remote process exited or there was a network error, NCCL version 2.23.4" % (i, i * 8 + 3))
        out.append("%d: [rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (i, i * 8 + 3))
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files = {"job.sbatch": sbatch, "slurm-%d.out" % job: lines(out)}
    files["sacct.txt"] = lines(sacct(job, "llama3-70b-cpt", "gpu", "fm", [
        ("", "llama3-70b-cpt", 1792, "FAILED", "1:0", "00:00:51", "gpu[301-308]"),
        (".batch", "batch", 224, "FAILED", "1:0", "00:00:51", "gpu301"),
        (".0", "torchrun", 1792, "FAILED", "1:0", "00:00:44", "gpu[301-308]"),
    ]))
    up = 5211.04
    files["%s/dmesg.txt" % bad] = lines(
        dmesg_line(0.0, "Linux version 5.15.0-122-generic (buildd@lcy02-amd64-034) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0) #132-Ubuntu SMP"),
        dmesg_line(14.92, "mlx5_core 0000:1a:00.0: firmware version: 28.39.1002"),
        dmesg_line(15.11, "mlx5_core 0000:1a:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)"),
        dmesg_line(19.63, "mlx5_ib: disagrees about version of symbol ib_register_device"),
        dmesg_line(19.63, "mlx5_ib: Unknown symbol ib_register_device (err -22)"),
        dmesg_line(19.64, "mlx5_ib: disagrees about version of symbol ib_umem_get"),
        dmesg_line(19.64, "mlx5_ib: Unknown symbol ib_umem_get (err -22)"),
        dmesg_line(19.65, "mlx5_ib: disagrees about version of symbol rdma_user_mmap_io"),
        dmesg_line(19.65, "mlx5_ib: Unknown symbol rdma_user_mmap_io (err -22)"),
        dmesg_line(21.40, "nvidia-peermem: Unknown symbol ib_register_peer_memory_client (err -2)"),
    )
    files["%s/ibv_devinfo.txt" % bad] = lines("No IB devices found")
    tj = T(2025, 6, 2, 19, 1, 30)
    files["%s/journal.txt" % bad] = lines(
        journal_line(plus(tj, -900), bad, "unattended-upgrade[3311]", "Packages that will be upgraded: linux-image-5.15.0-122-generic linux-modules-5.15.0-122-generic linux-headers-5.15.0-122-generic"),
        journal_line(plus(tj, -640), bad, "dkms[3790]", "Building module: mlnx-ofed-kernel/24.10 for kernel 5.15.0-122-generic ... (bad exit status: 2)"),
        journal_line(plus(tj, -639), bad, "dkms[3790]", "Error! Bad return status for module build on kernel: 5.15.0-122-generic (x86_64)"),
        journal_line(plus(tj, -60), bad, "systemd[1]", "Reached target Reboot."),
        journal_line(tj, bad, "kernel", "Linux version 5.15.0-122-generic #132-Ubuntu SMP"),
        journal_line(plus(tj, 21), bad, "systemd-modules-load[812]", "Failed to insert module 'mlx5_ib': Invalid argument"),
        journal_line(plus(tj, 24), bad, "openibd[1022]", "Loading HCA driver and Access Layer:[FAILED]"),
        journal_line(plus(tj, 95), bad, "slurmd[2210]", "slurmd version 24.05.4 started"),
        journal_line(plus(tj, 96), bad, "slurmd[2210]", "node health check (nhc) skipped: NHC_IB_CHECK disabled in /etc/nhc/nhc.conf"),
    )
    files["gpu302/ibstat.txt"] = lines(*sum([[
        "CA 'mlx5_%d'" % k,
        "\tCA type: MT4129",
        "\tNumber of ports: 1",
        "\tFirmware version: 28.39.1002",
        "\tHardware version: 0",
        "\tPort 1:",
        "\t\tState: Active",
        "\t\tPhysical state: LinkUp",
        "\t\tRate: 400",
        "\t\tBase lid: %d" % (1100 + k * 7),
        "\t\tLMC: 0",
        "\t\tSM lid: 1",
        "\t\tLink layer: InfiniBand",
    ] for k in range(8)], []))
    files["gpu302/uname.txt"] = lines("Linux gpu302 5.15.0-118-generic #128-Ubuntu SMP Fri Jul 5 09:28:59 UTC 2024 x86_64 x86_64 x86_64 GNU/Linux")
    files["%s/uname.txt" % bad] = lines("Linux gpu305 5.15.0-122-generic #132-Ubuntu SMP Thu Aug 29 13:45:52 UTC 2024 x86_64 x86_64 x86_64 GNU/Linux")
    lab = label("network", "infrastructure", bad, None, "restart_without_node",
                "Only gpu305's ranks fail NCCL init: 'NET/IB : No device found' then 'Error: network IB not found' "
                "(NCCL_NET=IB is forced), and the other nodes see their bootstrap peer on gpu305 close. gpu305 booted "
                "a newly installed 5.15.0-122 kernel for which the MOFED DKMS build failed, so mlx5_ib fails to load "
                "('Unknown symbol ... (err -22)') and ibv_devinfo finds no HCAs, while gpu302 has eight Active "
                "400G ports. The node has no usable InfiniBand; exclude it.",
                "https://github.com/NVIDIA/nccl/issues/952")
    return name, files, lab


# =====================================================================================
# cs13: image moved to Python 3.12; GPUtil imports distutils (Ray Train, every worker)
# =====================================================================================
def cs13():
    rng = random.Random(10013)
    name = "cs13_py312_distutils_ray"
    t0 = T(2025, 1, 28, 16, 20, 3)
    workers = [("10.0.4.21", "raycluster-llm-worker-gpu-2mvqk"), ("10.0.4.37", "raycluster-llm-worker-gpu-9tq4d")]
    files = {}
    files["Dockerfile"] = """# bumped 2025-01-27: py310 -> py312 base to get the newer ray + python perf improvements
FROM rayproject/ray:2.40.0-py312-cu124
COPY requirements.txt /tmp/requirements.txt
RUN pip install --no-cache-dir -r /tmp/requirements.txt
"""
    files["requirements.txt"] = "torch==2.5.1\ntransformers==4.47.1\ndatasets==3.2.0\naccelerate==1.2.1\nGPUtil==1.4.0\nwandb==0.19.1\n"
    files["image-bump.diff"] = """--- a/Dockerfile
+++ b/Dockerfile
@@ -1,2 +1,3 @@
-FROM rayproject/ray:2.37.0-py310-cu121
+# bumped 2025-01-27: py310 -> py312 base to get the newer ray + python perf improvements
+FROM rayproject/ray:2.40.0-py312-cu124
 COPY requirements.txt /tmp/requirements.txt
"""
    L = []
    L.append("2025-01-28 16:20:03,114\tINFO job_manager.py:530 -- Runtime env is setting up.")
    L.append("2025-01-28 16:20:07,902\tINFO worker.py:1654 -- Using address 10.0.4.5:6379 set in the environment variable RAY_ADDRESS")
    L.append("2025-01-28 16:20:07,911\tINFO worker.py:1832 -- Connecting to existing Ray cluster at address: 10.0.4.5:6379...")
    L.append("2025-01-28 16:20:07,964\tINFO worker.py:2003 -- Connected to Ray cluster. View the dashboard at \x1b[1m\x1b[32m10.0.4.5:8265 \x1b[39m\x1b[22m")
    L.append("")
    L.append("View detailed results here: /mnt/cluster_storage/ray_results/sft-qwen2-7b")
    L.append("To visualize your results with TensorBoard, run: `tensorboard --logdir /tmp/ray/session_2025-01-28_15-58-41_771204_1/artifacts/2025-01-28_16-20-08/sft-qwen2-7b/driver_artifacts`")
    L.append("")
    L.append("Training started with configuration:")
    L.append("╭──────────────────────────────────────────────╮")
    L.append("│ Training config                              │")
    L.append("├──────────────────────────────────────────────┤")
    L.append("│ train_loop_config/lr                   2e-05 │")
    L.append("│ train_loop_config/model   Qwen/Qwen2-7B      │")
    L.append("│ train_loop_config/seq_len              4096  │")
    L.append("╰──────────────────────────────────────────────╯")
    L.append("(TrainTrainable pid=1822, ip=10.0.4.5) Trainable.setup took 13.918 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads.")
    L.append("(RayTrainWorker pid=2211, ip=10.0.4.21) Setting up process group for: env:// [rank=0, world_size=16]")
    L.append("(TorchTrainer pid=1822, ip=10.0.4.5) Started distributed worker processes: ")
    for w, (ip, pod) in enumerate(workers):
        for k in range(8):
            L.append("(TorchTrainer pid=1822, ip=10.0.4.5) - (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % (
                "%056x" % rng.getrandbits(224), ip, 2211 + k * 7 + w * 300, w * 8 + k, k, w))
    errs = []
    for w, (ip, pod) in enumerate(workers):
        for k in range(8):
            pid = 2211 + k * 7 + w * 300
            pfx = "(RayTrainWorker pid=%d, ip=%s) " % (pid, ip)
            if k in (0, 3):
                errs.append([pfx + "/home/ray/anaconda3/lib/python3.12/site-packages/transformers/utils/hub.py:128: FutureWarning: Using `TRANSFORMERS_CACHE` is deprecated and will be removed in v5 of Transformers. Use `HF_HOME` instead."])
    L += interleave(rng, errs)
    L.append("2025-01-28 16:20:41,556\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_1a2f0_00000")
    L += [
        "Traceback (most recent call last):",
        '  File "/home/ray/anaconda3/lib/python3.12/site-packages/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future',
        "    result = ray.get(future)",
        '  File "/home/ray/anaconda3/lib/python3.12/site-packages/ray/_private/worker.py", line 2755, in get',
        "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
        "ray.exceptions.RayTaskError(ModuleNotFoundError): \x1b[36mray::_Inner.train()\x1b[39m (pid=1822, ip=10.0.4.5, actor_id=4b1c9e52a3f07d11f0d2c6a101000000, repr=TorchTrainer)",
        '  File "/home/ray/anaconda3/lib/python3.12/site-packages/ray/train/_internal/utils.py", line 57, in check_for_failure',
        "    ray.get(object_ref)",
        "ray.exceptions.RayTaskError(ModuleNotFoundError): \x1b[36mray::_RayTrainWorker__execute.get_next()\x1b[39m (pid=2211, ip=10.0.4.21, actor_id=9e0d77c5b1e8f42a35bb0f6101000000, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f3b8c2ad4c0>)",
        '  File "/home/ray/anaconda3/lib/python3.12/site-packages/ray/train/_internal/worker_group.py", line 33, in __execute',
        "    raise skipped from exception_cause(skipped)",
        '  File "/home/ray/anaconda3/lib/python3.12/site-packages/ray/train/_internal/utils.py", line 176, in discard_return_wrapper',
        "    train_func(*args, **kwargs)",
        '  File "/tmp/ray/session_2025-01-28_15-58-41_771204_1/runtime_resources/working_dir_files/_ray_pkg_6c1f0d7e3b2a9f18/train_sft.py", line 41, in train_loop_per_worker',
        "    from utils.gpu_monitor import log_gpu_stats",
        '  File "/tmp/ray/session_2025-01-28_15-58-41_771204_1/runtime_resources/working_dir_files/_ray_pkg_6c1f0d7e3b2a9f18/utils/gpu_monitor.py", line 3, in <module>',
        "    import GPUtil",
        '  File "/home/ray/anaconda3/lib/python3.12/site-packages/GPUtil/__init__.py", line 31, in <module>',
        "    from .GPUtil import GPU, getGPUs, getAvailable, getAvailability, getFirstAvailable, showUtilization, __version__",
        '  File "/home/ray/anaconda3/lib/python3.12/site-packages/GPUtil/GPUtil.py", line 33, in <module>',
        "    from distutils import spawn",
        "ModuleNotFoundError: No module named 'distutils'",
        "",
        "Training errored after 0 iterations at 2025-01-28 16:20:41. Total running time: 33s",
        "Error file: /tmp/ray/session_2025-01-28_15-58-41_771204_1/artifacts/2025-01-28_16-20-08/sft-qwen2-7b/driver_artifacts/TorchTrainer_1a2f0_00000_0_2025-01-28_16-20-08/error.txt",
        "",
        "2025-01-28 16:20:41,612\tERROR tune.py:1037 -- Trials did not complete: [TorchTrainer_1a2f0_00000]",
        "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.",
        "To continue this run, you can use: `trainer = TorchTrainer.restore(\"/mnt/cluster_storage/ray_results/sft-qwen2-7b\")`.",
        "To start a new run that will retry on training failures, set `train.RunConfig(failure_config=train.FailureConfig(max_failures))` in the Trainer config instead of restarting this run.",
        "",
        "---------------------------------------",
        "Job 'raysubmit_Xq1fV7c2kPzB9aTm' failed",
        "---------------------------------------",
        "",
        "Status message: Job entrypoint command failed with exit code 1, last available logs (truncated to 20,000 chars):",
    ]
    files["ray-job-raysubmit_Xq1fV7c2kPzB9aTm.log"] = lines(L)
    # per-worker logs show the same failure on every worker
    for w, (ip, pod) in enumerate(workers):
        W = []
        for k in range(8):
            pid = 2211 + k * 7 + w * 300
            W += [
                ":actor_name:RayTrainWorker",
                "Traceback (most recent call last):",
                '  File ".../working_dir_files/_ray_pkg_6c1f0d7e3b2a9f18/utils/gpu_monitor.py", line 3, in <module>',
                "    import GPUtil",
                '  File "/home/ray/anaconda3/lib/python3.12/site-packages/GPUtil/GPUtil.py", line 33, in <module>',
                "    from distutils import spawn",
                "ModuleNotFoundError: No module named 'distutils'",
            ]
        files["%s/worker-logs-excerpt.txt" % pod] = lines(W)
        files["%s/python-version.txt" % pod] = lines("Python 3.12.8", "ray 2.40.0", "torch 2.5.1+cu124", "setuptools: not installed")
    files["kubectl-get-pods.txt"] = lines(
        "NAME                              READY   STATUS    RESTARTS   AGE",
        "raycluster-llm-head-x7k2p         1/1     Running   0          23m",
        "raycluster-llm-worker-gpu-2mvqk   1/1     Running   0          23m",
        "raycluster-llm-worker-gpu-9tq4d   1/1     Running   0          23m",
    )
    lab = label("dependency", "framework", None, None, "stop",
                "All 16 Ray Train workers on both GPU pods fail the same way as soon as the training function "
                "imports GPUtil: 'from distutils import spawn' -> ModuleNotFoundError: No module named 'distutils'. "
                "The image was bumped the day before from a py310 to a py312 Ray base, and Python 3.12 no longer ships "
                "distutils (setuptools is not installed). The pods are healthy; the library stack is incompatible and "
                "needs fixing before resubmitting.",
                "https://github.com/jiayev/GPT4V-Image-Captioner/issues/58")
    return name, files, lab


# =====================================================================================
# cs14: unpinned numpy resolves to 2.0.0 at job start; deepspeed import fails everywhere
# =====================================================================================
def cs14():
    rng = random.Random(10014)
    name = "cs14_numpy2_deepspeed_import"
    nodes = ["gpua017", "gpua018", "gpua019"]
    job = 3318842
    t0 = T(2024, 6, 17, 19, 44, 2)
    files = {}
    files["job.sbatch"] = """#!/bin/bash
#SBATCH --job-name=bloomz-sft
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:a100:4
#SBATCH --cpus-per-task=32
#SBATCH --time=1-00:00:00

module load python/3.10 cuda/12.1
# refresh deps every run so everyone uses the same versions
srun --ntasks-per-node=1 pip install --user -q -U -r requirements.txt
head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
srun torchrun --nnodes 3 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $head:29400 \\
     --rdzv_id $SLURM_JOB_ID sft.py --deepspeed ds_z2.json --model bigscience/bloomz-3b
"""
    files["requirements.txt"] = "deepspeed==0.14.2\ntransformers>=4.40\naccelerate>=0.30\ndatasets\nnumpy\nsentencepiece\n"
    out = []
    for i, n in enumerate(nodes):
        if i == 1:
            out.append("  WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'ReadTimeoutError(\"HTTPSConnectionPool(host='pypi.org', port=443): Read timed out. (read timeout=15)\")': /simple/numpy/")
        out.append("Successfully installed numpy-2.0.0")
    out.append("ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.")
    out.append("scipy 1.10.1 requires numpy<1.27.0,>=1.19.5, but you have numpy 2.0.0 which is incompatible.")
    pids = {n: 12000 + rng.randint(0, 9000) for n in nodes}
    for n in nodes:
        out += torchrun_banner(plus(t0, 40), pids[n], nproc=4)
    blocks = []
    for i, n in enumerate(nodes):
        for lr in range(4):
            r = i * 4 + lr
            blocks.append([
                "[rank%d]: Traceback (most recent call last):" % r,
                '[rank%d]:   File "/home/a/apatel/bloomz/sft.py", line 14, in <module>' % r,
                "[rank%d]:     import deepspeed" % r,
                '[rank%d]:   File "/home/a/apatel/.local/lib/python3.10/site-packages/deepspeed/__init__.py", line 26, in <module>' % r,
                "[rank%d]:     from .runtime.engine import DeepSpeedEngine, DeepSpeedOptimizerCallable, DeepSpeedSchedulerCallable" % r,
                '[rank%d]:   File "/home/a/apatel/.local/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 83, in <module>' % r,
                "[rank%d]:     from ..autotuning import Autotuner" % r,
                '[rank%d]:   File "/home/a/apatel/.local/lib/python3.10/site-packages/deepspeed/autotuning/__init__.py", line 6, in <module>' % r,
                "[rank%d]:     from .autotuner import Autotuner" % r,
                '[rank%d]:   File "/home/a/apatel/.local/lib/python3.10/site-packages/deepspeed/autotuning/autotuner.py", line 21, in <module>' % r,
                "[rank%d]:     from .scheduler import ResourceManager" % r,
                '[rank%d]:   File "/home/a/apatel/.local/lib/python3.10/site-packages/deepspeed/autotuning/scheduler.py", line 8, in <module>' % r,
                "[rank%d]:     from numpy import BUFSIZE" % r,
                "[rank%d]: ImportError: cannot import name 'BUFSIZE' from 'numpy' (/home/a/apatel/.local/lib/python3.10/site-packages/numpy/__init__.py)" % r,
            ])
    out += interleave(rng, blocks)
    for i, n in enumerate(nodes):
        ft = plus(t0, 52 + i)
        cp = [pids[n] + 9 + k for k in range(4)]
        out.append(torchrun_agent_fail(ft, pids[n], 0, cp[0], binary="/apps/python/3.10.12/bin/python3"))
        out += child_failed("sft.py", n, [(ft, i * 4, 0, 1, cp[0])] + [(plus(ft, 0.01 * k), i * 4 + k, k, 1, cp[k]) for k in range(1, 4)])
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = lines(out)
    files["sacct.txt"] = lines(sacct(job, "bloomz-sft", "gpu", "nlp-lab", [
        ("", "bloomz-sft", 96, "FAILED", "1:0", "00:01:01", "gpua[017-019]"),
        (".batch", "batch", 32, "FAILED", "1:0", "00:01:01", "gpua017"),
        (".0", "pip", 96, "COMPLETED", "0:0", "00:00:38", "gpua[017-019]"),
        (".1", "torchrun", 96, "FAILED", "1:0", "00:00:14", "gpua[017-019]"),
    ]))
    files["gpua018/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 90), "535.104.12", "12.2",
                                                     make_gpus(rng, 4, "NVIDIA A100-SXM4-40GB", A100_BUS[:4], arch="Ampere", mem_total=40960, plimit=400.0, power_base=52.0)))
    lab = label("dependency", "framework", None, None, "stop",
                "Every rank on all three nodes dies at 'import deepspeed' with \"cannot import name 'BUFSIZE' from "
                "'numpy'\". The job's first step runs 'pip install -U -r requirements.txt' with numpy unpinned and, "
                "on the day numpy 2.0.0 was released, pulled it onto every node (pip even flags the conflict), and "
                "deepspeed 0.14.2 still imports numpy.BUFSIZE. An incompatible library stack: pin numpy<2 and resubmit; "
                "the pip retry warning on gpua018 is harmless.",
                "https://github.com/deepspeedai/DeepSpeed/issues/5671")
    return name, files, lab


# =====================================================================================
# cs15: torch 2.6 weights_only default breaks resume (attempt_1 fine on 2.4, attempt_2 fails)
# =====================================================================================
def cs15():
    rng = random.Random(10015)
    name = "cs15_resume_weights_only_torch26"
    nodes1 = ["nid001245", "nid001246", "nid001247", "nid001248"]
    nodes2 = ["nid001302", "nid001303", "nid001245", "nid001311"]
    job1, job2 = 5120087, 5133391
    files = {}
    t1 = T(2025, 2, 10, 6, 0, 4)
    a1 = []
    a1.append("module list: PrgEnv-gnu/8.5.0 cray-python/3.11.5 pytorch/2.4.0")
    for step in range(17600, 18001, 100):
        tt = plus(t1, 86000 + (step - 17600) * 0.9)
        a1.append("0: [%s] step %5d | loss %.4f | lr 2.40e-04 | tok/s/gpu 3121 | mem 61.3 GB" % (
            tt.strftime("%Y-%m-%d %H:%M:%S"), step, 2.31 - (step - 17600) * 1e-5 + rng.random() * 0.01))
    a1.append("0: [2025-02-11 06:00:11] saving checkpoint to /lus/flare/projects/mtl/ckpt/gpt2xl-de/step_18000 (32 shards)")
    a1.append("0: [2025-02-11 06:01:02] checkpoint step_18000 saved (state_rank{0..31}.pt, 9.1 GB)")
    a1.append("slurmstepd: error: *** JOB %d ON nid001245 CANCELLED AT 2025-02-11T06:00:58 DUE TO TIME LIMIT ***" % job1)
    files["attempt_1/slurm-%d.out" % job1] = lines(a1)
    files["attempt_1/sacct.txt"] = lines(sacct(job1, "gpt2xl-de", "gpu", "mtl", [
        ("", "gpt2xl-de", 256, "TIMEOUT", "0:0", "1-00:00:54", "nid[001245-001248]"),
        (".batch", "batch", 64, "CANCELLED", "0:15", "1-00:00:55", "nid001245"),
        (".0", "torchrun", 256, "CANCELLED", "0:15", "1-00:00:52", "nid[001245-001248]"),
    ]))
    files["attempt_1/%s/nvidia-smi-q.txt" % nodes1[1]] = lines(nvsmi_q(plus(t1, 3600), "550.54.15", "12.4",
                                                                       make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)))
    files["attempt_2/job.sbatch"] = """#!/bin/bash
#SBATCH -J gpt2xl-de
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH -t 24:00:00
#SBATCH -A mtl

module load PrgEnv-gnu cray-python
module load pytorch            # site default moved to pytorch/2.6.0 on 2025-02-12 (see /etc/motd)
export CKPT=/lus/flare/projects/mtl/ckpt/gpt2xl-de
head=$(scontrol show hostnames $SLURM_NODELIST | head -1)
srun -l torchrun --nnodes=4 --nproc_per_node=8 --rdzv-backend=c10d --rdzv-endpoint=$head:29500 \\
     --rdzv-id=$SLURM_JOB_ID train.py --resume $CKPT/latest --config de_gpt2xl.yaml
"""
    t2 = T(2025, 2, 13, 21, 12, 40)
    a2 = ["module list: PrgEnv-gnu/8.5.0 cray-python/3.11.5 pytorch/2.6.0"]
    pids = {n: 88000 + rng.randint(0, 9000) for n in nodes2}
    for i, n in enumerate(nodes2):
        a2 += prefix("%d: " % i, torchrun_banner(plus(t2, 0.1 * i), pids[n]))
    a2.append("0: [2025-02-13 21:13:02] resuming from /lus/flare/projects/mtl/ckpt/gpt2xl-de/latest -> step_18000")
    blocks = []
    for i, n in enumerate(nodes2):
        for lr in range(8):
            r = i * 8 + lr
            blocks.append(["%d: %s" % (i, l) for l in [
                "[rank%d]: Traceback (most recent call last):" % r,
                '[rank%d]:   File "/lus/flare/projects/mtl/code/gpt2xl/train.py", line 377, in <module>' % r,
                "[rank%d]:     main()" % r,
                '[rank%d]:   File "/lus/flare/projects/mtl/code/gpt2xl/train.py", line 302, in main' % r,
                "[rank%d]:     state = torch.load(os.path.join(args.resume, f\"state_rank{rank}.pt\"), map_location=\"cpu\")" % r,
                '[rank%d]:   File "/opt/cray/pe/python/pytorch-2.6.0/lib/python3.11/site-packages/torch/serialization.py", line 1470, in load' % r,
                "[rank%d]:     raise pickle.UnpicklingError(_get_wo_message(str(e))) from None" % r,
                "[rank%d]: _pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options, \x1b[1mdo those steps only if you trust the source of the checkpoint\x1b[0m. " % r,
                "[rank%d]: \t(1) In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` from `False` to `True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it can result in arbitrary code execution. Do it only if you got the file from a trusted source." % r,
                "[rank%d]: \t(2) Alternatively, to load with `weights_only=True` please check the recommended steps in the following error message." % r,
                "[rank%d]: \tWeightsUnpickler error: Unsupported global: GLOBAL argparse.Namespace was not an allowed global by default. Please use `torch.serialization.add_safe_globals([Namespace])` or the `torch.serialization.safe_globals([Namespace])` context manager to allowlist this global if you trust this class/function." % r,
                "[rank%d]: " % r,
                "[rank%d]: Check the documentation of torch.load to learn more about types accepted by default with weights_only https://pytorch.org/docs/stable/generated/torch.load.html." % r,
            ]])
    a2 += interleave(rng, blocks)
    for i, n in enumerate(nodes2):
        ft = plus(t2, 31 + i * 0.2)
        cp = [pids[n] + 11 + k for k in range(8)]
        a2.append("%d: %s" % (i, torchrun_agent_fail(ft, pids[n], 0, cp[0], binary="/opt/cray/pe/python/pytorch-2.6.0/bin/python3")))
        a2 += prefix("%d: " % i, child_failed("train.py", n, [(ft, i * 8, 0, 1, cp[0])] + [(plus(ft, 0.01 * k), i * 8 + k, k, 1, cp[k]) for k in range(1, 8)]))
        a2.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["attempt_2/slurm-%d.out" % job2] = lines(a2)
    files["attempt_2/sacct.txt"] = lines(sacct(job2, "gpt2xl-de", "gpu", "mtl", [
        ("", "gpt2xl-de", 256, "FAILED", "1:0", "00:00:44", "nid00[1245,1302-1303,1311]"),
        (".batch", "batch", 64, "FAILED", "1:0", "00:00:44", "nid001302"),
        (".0", "torchrun", 256, "FAILED", "1:0", "00:00:39", "nid00[1245,1302-1303,1311]"),
    ]))
    files["attempt_2/motd.txt"] = lines(
        "=== 2025-02-12: the default 'pytorch' module is now pytorch/2.6.0 (was 2.4.0). ===",
        "=== Note: torch.load now defaults to weights_only=True. Old module: module load pytorch/2.4.0 ===",
    )
    files["attempt_2/%s/nvidia-smi-q.txt" % nodes2[0]] = lines(nvsmi_q(plus(t2, 120), "550.54.15", "12.4",
                                                                       make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)))
    lab = label("dependency", "framework", None, None, "stop",
                "The requeued run fails on all 32 ranks, on four different nodes, while resuming: torch.load raises "
                "'Weights only load failed ... Unsupported global: GLOBAL argparse.Namespace'. Attempt 1 trained and "
                "saved step_18000 under pytorch/2.4.0 and stopped only at its time limit; attempt 2 picked up the new "
                "default module pytorch/2.6.0, whose torch.load defaults to weights_only=True. A library change makes "
                "the checkpoint unloadable as written; fix the load call or pin the module.",
                "https://github.com/allenai/open-instruct/issues/673")
    return name, files, lab


# =====================================================================================
# cs16: Megatron resume with TP=4 from a TP=2 checkpoint (srun, one task per GPU)
# =====================================================================================
def cs16():
    rng = random.Random(10016)
    name = "cs16_megatron_resume_tp_mismatch"
    nodes = ["hopper-%02d" % i for i in (11, 12, 14, 15)]
    job = 98211
    t0 = T(2024, 9, 26, 3, 14, 9)
    files = {}
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J gpt3-13b
#SBATCH -N 4
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=12
#SBATCH -t 72:00:00

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -1)
export MASTER_PORT=6000
export CUDA_DEVICE_MAX_CONNECTIONS=1
# 2024-09-25: switched TP 2->4 / PP 4->2 to fit seq 8192 (akim)
srun -l --container-image=/shared/sqsh/megatron-24.07.sqsh --container-mounts=/lustre:/lustre \\
  python /workspace/megatron-lm/pretrain_gpt.py \\
  --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --sequence-parallel \\
  --num-layers 40 --hidden-size 5120 --num-attention-heads 40 --seq-length 8192 --max-position-embeddings 8192 \\
  --micro-batch-size 1 --global-batch-size 512 --lr 1.0e-4 --train-iters 250000 --bf16 \\
  --use-distributed-optimizer --use-flash-attn \\
  --data-path /lustre/data/pile_text_document --tokenizer-type GPT2BPETokenizer \\
  --vocab-file /lustre/data/gpt2-vocab.json --merge-file /lustre/data/gpt2-merges.txt \\
  --save /lustre/ckpt/gpt3-13b --load /lustre/ckpt/gpt3-13b --save-interval 1000 --log-interval 10
"""
    out = []
    out.append(" 0: using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 4, pipeline-model-parallel size: 2 ")
    out.append(" 0: WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG")
    out.append(" 0: using torch.bfloat16 for parameters ...")
    out.append(" 0: ------------------------ arguments ------------------------")
    for k, v in [("load", "/lustre/ckpt/gpt3-13b"), ("pipeline_model_parallel_size", "2"), ("seq_length", "8192"),
                 ("tensor_model_parallel_size", "4"), ("use_checkpoint_args", "False"), ("world_size", "32")]:
        out.append(" 0:   %s %s %s" % (k, "." * (48 - len(k)), v))
    out.append(" 0: -------------------- end of arguments ---------------------")
    out.append(" 0: > initializing torch distributed ...")
    out.append(" 0: > initialized tensor model parallel with size 4")
    out.append(" 0: > initialized pipeline model parallel with size 2")
    out.append(" 0: > compiling dataset index builder ...")
    out.append(" 0: >>> done with dataset index builder. Compilation time: 0.081 seconds")
    out.append(" 0: > compiling and loading fused kernels ...")
    out.append(" 0: >>> done with compiling and loading fused kernels. Compilation time: 2.119 seconds")
    out.append(" 0: time to initialize megatron (seconds): 19.442")
    out.append(" 0: [after megatron is initialized] datetime: 2024-09-26 03:14:52 ")
    out.append(" 0: building GPT model ...")
    for r in (0, 1, 2, 3):
        out.append("%2d:  > number of parameters on (tensor, pipeline) model parallel rank (%d, 0): 1683742720" % (r, r))
    for r in (4, 5, 6, 7):
        out.append("%2d:  > number of parameters on (tensor, pipeline) model parallel rank (%d, 1): 1656478720" % (r, r - 4))
    out.append(" 0: > learning rate decay style: cosine")
    out.append(" 0:  loading checkpoint from /lustre/ckpt/gpt3-13b at iteration 61000")
    blocks = []
    for r in range(32):
        blocks.append(["%2d: %s" % (r, l) for l in [
            "Traceback (most recent call last):",
            '  File "/workspace/megatron-lm/pretrain_gpt.py", line 265, in <module>',
            "    pretrain(",
            '  File "/workspace/megatron-lm/megatron/training/training.py", line 290, in pretrain',
            "    model, optimizer, opt_param_scheduler = setup_model_and_optimizer(",
            '  File "/workspace/megatron-lm/megatron/training/training.py", line 580, in setup_model_and_optimizer',
            "    args.iteration, args.num_floating_point_operations_so_far = load_checkpoint(",
            '  File "/workspace/megatron-lm/megatron/training/checkpointing.py", line 1010, in load_checkpoint',
            "    check_checkpoint_args(checkpoint_args)",
            '  File "/workspace/megatron-lm/megatron/training/checkpointing.py", line 94, in check_checkpoint_args',
            "    _compare('tensor_model_parallel_size')",
            '  File "/workspace/megatron-lm/megatron/training/checkpointing.py", line 82, in _compare',
            "    assert checkpoint_value == args_value, error_message",
            "AssertionError: tensor_model_parallel_size value from checkpoint (2) is not equal to the input argument value (4).",
        ]])
    out += interleave(rng, blocks)
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n, i * 8, i * 8 + 7))
    out.append("srun: Terminating StepId=%d.0" % job)
    files["slurm-%d.out" % job] = lines(out)
    files["ckpt-latest_checkpointed_iteration.txt"] = "61000\n"
    files["ckpt-ls.txt"] = lines(
        "/lustre/ckpt/gpt3-13b/iter_0061000:",
        *["drwxr-s--- 2 akim llm 4096 Sep 24 22:41 mp_rank_%02d_%03d" % (t, p) for p in range(4) for t in range(2)])
    files["sacct.txt"] = lines(sacct(job, "gpt3-13b", "hopper", "llm", [
        ("", "gpt3-13b", 384, "FAILED", "1:0", "00:01:29", "hopper-[11-12,14+"),
        (".batch", "batch", 96, "FAILED", "1:0", "00:01:29", "hopper-11"),
        (".0", "python", 384, "FAILED", "1:0", "00:01:24", "hopper-[11-12,14+"),
    ]))
    files["hopper-12/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 100), "550.90.07", "12.4",
                                                       make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)))
    lab = label("user_code", "script", None, None, "stop",
                "All 32 ranks fail in Megatron's check_checkpoint_args with 'tensor_model_parallel_size value from "
                "checkpoint (2) is not equal to the input argument value (4)'. The checkpoint directory holds "
                "mp_rank_XX_YYY shards for TP=2/PP=4, and the sbatch was edited the day before to TP=4/PP=2 while "
                "still resuming from it. A configuration error in the job: convert the checkpoint or restore the "
                "old parallel layout; no node is at fault.",
                "https://github.com/NVIDIA/Megatron-LM/issues/296")
    return name, files, lab


# =====================================================================================
# cs17: HF_HOME points at another team's shared cache; lock files not writable (every node)
# =====================================================================================
def cs17():
    rng = random.Random(10017)
    name = "cs17_shared_hf_cache_permission"
    nodes = ["ai-node-31", "ai-node-32", "ai-node-33"]
    job = 5590171
    t0 = T(2025, 4, 8, 13, 0, 22)
    files = {}
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J mistral-lora
#SBATCH -N 3
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH -t 08:00:00
# based on Pedro's script from team B (thanks!)
export HF_HOME=/shared/teamB/hf_cache
export HF_HUB_OFFLINE=0
source /shared/home/jlee/venvs/peft/bin/activate
head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
srun torchrun --nnodes 3 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $head:29500 --rdzv_id $SLURM_JOB_ID \\
    lora_sft.py --model mistralai/Mistral-7B-v0.1 --data /shared/home/jlee/data/support_tickets.jsonl
"""
    out = []
    pids = {n: 40000 + rng.randint(0, 9000) for n in nodes}
    for n in nodes:
        out += torchrun_banner(t0, pids[n])
    lock = "/shared/teamB/hf_cache/hub/.locks/models--mistralai--Mistral-7B-v0.1/9d8b9c3a5e1ab2f7e4d0c96b0b7f5e3c4a8d1e27.lock"
    blocks = []
    for i, n in enumerate(nodes):
        r = i * 8
        blocks.append([
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "/shared/home/jlee/peft-sft/lora_sft.py", line 63, in <module>' % r,
            "[rank%d]:     tok = AutoTokenizer.from_pretrained(args.model)" % r,
            '[rank%d]:   File "/shared/home/jlee/venvs/peft/lib/python3.11/site-packages/transformers/models/auto/tokenization_auto.py", line 881, in from_pretrained' % r,
            "[rank%d]:     tokenizer_config = get_tokenizer_config(pretrained_model_name_or_path, **kwargs)" % r,
            '[rank%d]:   File "/shared/home/jlee/venvs/peft/lib/python3.11/site-packages/transformers/utils/hub.py", line 403, in cached_file' % r,
            "[rank%d]:     resolved_file = hf_hub_download(" % r,
            '[rank%d]:   File "/shared/home/jlee/venvs/peft/lib/python3.11/site-packages/huggingface_hub/file_download.py", line 1010, in _hf_hub_download_to_cache_dir' % r,
            "[rank%d]:     with WeakFileLock(lock_path):" % r,
            '[rank%d]:   File "/shared/home/jlee/venvs/peft/lib/python3.11/site-packages/filelock/_unix.py", line 42, in _acquire' % r,
            "[rank%d]:     fd = os.open(self.lock_file, open_flags, self._context.mode)" % r,
            "[rank%d]: PermissionError: [Errno 13] Permission denied: '%s'" % (r, lock),
        ])
    out += interleave(rng, blocks)
    for i, n in enumerate(nodes):
        ft = plus(t0, 18 + i * 0.5)
        cp = [pids[n] + 14 + k for k in range(8)]
        out += torchrun_sigterm(plus(ft, 0.1), pids[n], cp[1:])
        out.append(torchrun_agent_fail(ft, pids[n], 0, cp[0], binary="/shared/home/jlee/venvs/peft/bin/python"))
        out += child_failed("lora_sft.py", n, [(ft, i * 8, 0, 1, cp[0])] + [(plus(ft, 0.1), i * 8 + k, k, -15, cp[k]) for k in range(1, 8)])
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = lines(out)
    files["ls-la-hf-cache-locks.txt"] = lines(
        "$ id",
        "uid=48213(jlee) gid=48000(mlgroup) groups=48000(mlgroup),50010(gpu-users)",
        "$ ls -la /shared/teamB/hf_cache/hub/.locks/models--mistralai--Mistral-7B-v0.1/",
        "total 8",
        "drwxr-sr-x  2 pmartin teamb 4096 Mar 29 11:02 .",
        "drwxr-sr-x 41 pmartin teamb 4096 Apr  2 09:45 ..",
        "-rw-r--r--  1 pmartin teamb    0 Mar 29 11:02 4b7f1e0a3c9d2e6f8b1a5c7d9e3f2a4b6c8d0e1f.lock",
        "-rw-r--r--  1 pmartin teamb    0 Mar 29 11:02 9d8b9c3a5e1ab2f7e4d0c96b0b7f5e3c4a8d1e27.lock",
        "$ df -h /shared",
        "Filesystem                 Size  Used Avail Use% Mounted on",
        "nfs-prod-02:/export/shared  400T  281T  120T  71% /shared",
    )
    files["sacct.txt"] = lines(sacct(job, "mistral-lora", "gpu", "support-ml", [
        ("", "mistral-lora", 288, "FAILED", "1:0", "00:00:29", "ai-node-[31-33]"),
        (".batch", "batch", 96, "FAILED", "1:0", "00:00:29", "ai-node-31"),
        (".0", "torchrun", 288, "FAILED", "1:0", "00:00:25", "ai-node-[31-33]"),
    ]))
    files["ai-node-32/df-h.txt"] = lines(
        "Filesystem                 Size  Used Avail Use% Mounted on",
        "/dev/nvme0n1p2             1.8T  211G  1.5T  13% /",
        "nfs-prod-02:/export/shared  400T  281T  120T  71% /shared",
        "tmpfs                      1.0T     0  1.0T   0% /dev/shm",
    )
    lab = label("user_code", "script", None, None, "stop",
                "On all three nodes the first rank to load the tokenizer gets PermissionError [Errno 13] on a lock "
                "file under /shared/teamB/hf_cache, and torchrun then tears down the other ranks. The sbatch, copied "
                "from another team, sets HF_HOME to team B's cache, whose lock files are owned by pmartin:teamb with "
                "mode 0644, while the job runs as jlee:mlgroup. The filesystem is healthy (71% used, writable "
                "elsewhere); the job's configuration points at a path it may not write.",
                "https://github.com/huggingface/huggingface_hub/issues/2580")
    return name, files, lab


# =====================================================================================
# cs18: NFSv4 idmapping broken on one node -> files appear owned by nobody, EACCES there only
# =====================================================================================
def cs18():
    rng = random.Random(10018)
    name = "cs18_nfs_idmap_one_node"
    nodes = ["cmp-g05", "cmp-g06", "cmp-g07", "cmp-g08"]
    bad = "cmp-g07"
    bi = 2
    job = 3120554
    t0 = T(2024, 11, 19, 15, 30, 2)
    files = {}
    files["job.sbatch"] = """#!/bin/bash
#SBATCH --job-name=llm7b-run42
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=3-00:00:00
source /nfs/projects/llm7b/env/bin/activate
export RUN_DIR=/nfs/projects/llm7b/run42
head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
srun torchrun --nnodes=4 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$head:29500 --rdzv_id=$SLURM_JOB_ID \\
  train.py --run_dir $RUN_DIR --data /nfs/datasets/redpajama_v2_sample
"""
    out = []
    pids = {n: 77000 + rng.randint(0, 9000) for n in nodes}
    for n in nodes:
        out += torchrun_banner(t0, pids[n], nproc=4)
    for i, n in enumerate(nodes):
        if n != bad:
            out.append("[rank%d]: %s" % (i * 4, pylog(plus(t0, 20 + i), "INFO", "data", "node-local index cache ready: %s/cache/%s (412 shards)" % ("/nfs/projects/llm7b/run42", n))))
    out += [
        "[rank8]: Traceback (most recent call last):",
        '[rank8]:   File "/nfs/projects/llm7b/code/train.py", line 211, in <module>',
        "[rank8]:     main()",
        '[rank8]:   File "/nfs/projects/llm7b/code/train.py", line 96, in main',
        "[rank8]:     ds = build_dataset(args, node_cache=os.path.join(args.run_dir, \"cache\", socket.gethostname()))",
        '[rank8]:   File "/nfs/projects/llm7b/code/data.py", line 48, in build_dataset',
        "[rank8]:     os.makedirs(node_cache, exist_ok=True)",
        '[rank8]:   File "<frozen os>", line 225, in makedirs',
        "[rank8]: PermissionError: [Errno 13] Permission denied: '/nfs/projects/llm7b/run42/cache/cmp-g07'",
    ]
    ft = plus(t0, 24)
    cp = [pids[bad] + 6 + k for k in range(4)]
    out += torchrun_sigterm(plus(ft, 0.1), pids[bad], cp[1:])
    out.append(torchrun_agent_fail(ft, pids[bad], 0, cp[0], binary="/nfs/projects/llm7b/env/bin/python"))
    out += child_failed("train.py", bad, [(ft, 8, 0, 1, cp[0])] + [(plus(ft, 0.1), 8 + k, k, -15, cp[k]) for k in range(1, 4)])
    out.append("srun: error: %s: task 2: Exited with exit code 1" % bad)
    tw = plus(t0, 625)
    for i, n in enumerate(nodes):
        if n == bad:
            continue
        r = i * 4
        out.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600081 milliseconds before timing out." % (r, _wd(tw, rng), r))
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
    files["slurm-%d.out" % job] = lines(out)
    files["sacct.txt"] = lines(sacct(job, "llm7b-run42", "gpu", "llm", [
        ("", "llm7b-run42", 256, "FAILED", "1:0", "00:10:39", "cmp-g[05-08]"),
        (".batch", "batch", 64, "FAILED", "1:0", "00:10:39", "cmp-g05"),
        (".0", "torchrun", 256, "FAILED", "1:0", "00:10:35", "cmp-g[05-08]"),
    ]))
    files["cmp-g05/ls-ln-run42.txt"] = lines(
        "$ ls -ln /nfs/projects/llm7b/run42",
        "total 12",
        "drwxrwsr-x 6 21457 30112 4096 Nov 19 15:30 cache",
        "drwxrwsr-x 2 21457 30112 4096 Nov 18 22:04 ckpt",
        "-rw-rw-r-- 1 21457 30112 1822 Nov 18 21:58 config.yaml",
        "$ id",
        "uid=21457(akim) gid=30112(llm) groups=30112(llm)",
    )
    files["%s/ls-ln-run42.txt" % bad] = lines(
        "$ ls -ln /nfs/projects/llm7b/run42",
        "total 12",
        "drwxrwsr-x 6 4294967294 4294967294 4096 Nov 19 15:30 cache",
        "drwxrwsr-x 2 4294967294 4294967294 4096 Nov 18 22:04 ckpt",
        "-rw-rw-r-- 1 4294967294 4294967294 1822 Nov 18 21:58 config.yaml",
        "$ id",
        "uid=21457(akim) gid=30112(llm) groups=30112(llm)",
    )
    tj = T(2024, 11, 19, 15, 30, 26)
    files["%s/journal.txt" % bad] = lines(
        journal_line(T(2024, 11, 18, 9, 12, 3), bad, "systemd[1]", "Starting NFSv4 ID-name mapping service..."),
        journal_line(T(2024, 11, 18, 9, 12, 3), bad, "systemd[1]", "Started NFSv4 ID-name mapping service."),
        journal_line(T(2024, 11, 18, 9, 12, 40), bad, "salt-minion[1288]", "state.apply: base.nfs-client -> /etc/idmapd.conf replaced from template (cluster_domain pillar missing, using default)"),
        journal_line(tj, bad, "nfsidmap[912331]", "nss_getpwnam: name 'akim@hpc.example.org' does not map into domain 'localdomain'"),
        journal_line(plus(tj, 0.2), bad, "nfsidmap[912332]", "nss_name_to_gid: name 'llm@hpc.example.org' does not map into domain 'localdomain'"),
    )
    files["%s/idmapd.conf" % bad] = "[General]\nVerbosity = 0\n# Domain = localdomain\n\n[Mapping]\nNobody-User = nobody\nNobody-Group = nogroup\n"
    files["cmp-g06/idmapd.conf"] = "[General]\nVerbosity = 0\nDomain = hpc.example.org\n\n[Mapping]\nNobody-User = nobody\nNobody-Group = nogroup\n"
    files["cmp-g06/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 300), "550.90.07", "12.4",
                                                     make_gpus(rng, 4, "NVIDIA H100 80GB HBM3", H100_BUS[:4])))
    lab = label("dependency", "infrastructure", bad, None, "restart_without_node",
                "Only cmp-g07's rank 8 fails, with PermissionError creating its node cache under the run directory; "
                "ranks on the other nodes create theirs and then only time out waiting. On cmp-g07 the same NFS files "
                "show owner 4294967294 (nobody) instead of 21457, and nfsidmap logs \"name 'akim@hpc.example.org' does "
                "not map into domain 'localdomain'\" after config management replaced its idmapd.conf without the "
                "domain. The NFS server is fine; that node's client setup is wrong, so run without it.",
                "https://www.suse.com/support/kb/doc/?id=000018215")
    return name, files, lab


# =====================================================================================
# cs19: :latest + IfNotPresent -> one node runs a stale cached image (older torch)
# =====================================================================================
def cs19():
    rng = random.Random(10019)
    name = "cs19_stale_image_one_node"
    nodes = ["gpu-pool-b-1", "gpu-pool-b-2", "gpu-pool-b-3", "gpu-pool-b-4"]
    bad = "gpu-pool-b-4"
    pods = ["fsdp2-pt-master-0", "fsdp2-pt-worker-0", "fsdp2-pt-worker-1", "fsdp2-pt-worker-2"]
    new_id = "sha256:7d2f0c1b9a8e4f63c5d1b2a09e8f7c6d5b4a3928170f6e5d4c3b2a1908f7e6d5"
    old_id = "sha256:1a9e33c07b52d6f84e10a2c95d7b6e3f0c8a4d2b1e9f7c5a3d1b0e8f6c4a2d90"
    t0 = T(2025, 3, 20, 8, 30, 0)
    files = {}
    files["pytorchjob.yaml"] = """apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata:
  name: fsdp2-pt
  namespace: pretrain
spec:
  elasticPolicy:
    rdzvBackend: c10d
    minReplicas: 4
    maxReplicas: 4
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      template:
        spec:
          containers:
          - name: pytorch
            image: registry.ml.internal/pretrain/fsdp2:latest
            imagePullPolicy: IfNotPresent
            command: ["torchrun", "--nproc_per_node=8", "train_fsdp2.py"]
            resources: {limits: {nvidia.com/gpu: 8}}
    Worker:
      replicas: 3
      template:
        spec:
          containers:
          - name: pytorch
            image: registry.ml.internal/pretrain/fsdp2:latest
            imagePullPolicy: IfNotPresent
            command: ["torchrun", "--nproc_per_node=8", "train_fsdp2.py"]
            resources: {limits: {nvidia.com/gpu: 8}}
"""
    desc = []
    for p, n in zip(pods, nodes):
        iid = old_id if n == bad else new_id
        desc += [
            "Name:             %s" % p,
            "Namespace:        pretrain",
            "Node:             %s/10.8.%d.%d" % (n, nodes.index(n), 20 + nodes.index(n)),
            "Containers:",
            "  pytorch:",
            "    Image:          registry.ml.internal/pretrain/fsdp2:latest",
            "    Image ID:       registry.ml.internal/pretrain/fsdp2@%s" % iid,
            "    State:          Terminated",
            "      Reason:       Error",
            "      Exit Code:    1",
            "Events:",
            "  Type    Reason     Age   From               Message",
            "  ----    ------     ----  ----               -------",
            "  Normal  Scheduled  14m   default-scheduler  Successfully assigned pretrain/%s to %s" % (p, n),
        ]
        if n == bad:
            desc.append("  Normal  Pulled     14m   kubelet            Container image \"registry.ml.internal/pretrain/fsdp2:latest\" already present on machine")
        else:
            desc.append("  Normal  Pulling    14m   kubelet            Pulling image \"registry.ml.internal/pretrain/fsdp2:latest\"")
            desc.append("  Normal  Pulled     13m   kubelet            Successfully pulled image \"registry.ml.internal/pretrain/fsdp2:latest\" in 41.218s (41.218s including waiting). Image size: 11853520384 bytes.")
        desc += ["  Normal  Created    13m   kubelet            Created container pytorch",
                 "  Normal  Started    13m   kubelet            Started container pytorch", ""]
    files["kubectl-describe-pods.txt"] = lines(desc)
    for pi, (p, n) in enumerate(zip(pods, nodes)):
        L = []
        tv = "2.4.1+cu124" if n == bad else "2.6.0+cu124"
        L.append("[train_fsdp2] image build: %s  torch %s" % ("2025-02-11 ci#1877" if n == bad else "2025-03-19 ci#2214", tv))
        L += torchrun_banner(plus(t0, 2), 1)
        if n == bad:
            blocks = []
            for lr in range(8):
                r = 24 + lr
                blocks.append([
                    "[rank%d]: Traceback (most recent call last):" % r,
                    '[rank%d]:   File "/app/train_fsdp2.py", line 12, in <module>' % r,
                    "[rank%d]:     from torch.distributed.fsdp import fully_shard, MixedPrecisionPolicy" % r,
                    "[rank%d]: ImportError: cannot import name 'fully_shard' from 'torch.distributed.fsdp' (/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/__init__.py)" % r,
                ])
            L += interleave(rng, blocks)
            ft = plus(t0, 9)
            L.append(torchrun_agent_fail(ft, 1, 0, 33, binary="/usr/bin/python"))
            L += child_failed("train_fsdp2.py", p, [(ft, 24, 0, 1, 33)] + [(plus(ft, 0.01 * k), 24 + k, k, 1, 33 + k) for k in range(1, 8)])
        else:
            L.append(nccl(p, 33, 33, 0, "cudaDriverVersion 12080"))
            L.append(nccl(p, 33, 33, 0, "Bootstrap: Using eth0:10.8.%d.%d<0>" % (pi, 20 + pi)))
            if pi == 0:
                L.append(nccl(p, 33, 33, 0, "NCCL version 2.21.5+cuda12.4"))
            L.append(pylog(plus(t0, 20), "INFO", "train_fsdp2", "rank %d: building 30B model on meta device" % (pi * 8)))
            L.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:629] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLGATHER, NumelIn=1, NumelOut=32, Timeout(ms)=600000) ran for 600009 milliseconds before timing out." % (pi * 8, _wd(plus(t0, 625), rng), pi * 8))
        files["kubectl-logs-%s.txt" % p] = lines(L)
    files["%s/crictl-images.txt" % bad] = lines(
        "IMAGE                                       TAG       IMAGE ID        SIZE",
        "registry.ml.internal/pretrain/fsdp2         latest    1a9e33c07b52d   10.9GB",
        "nvcr.io/nvidia/k8s-device-plugin            v0.16.2   c4f5a8b2e1d93   140MB",
    )
    files["gpu-pool-b-2/crictl-images.txt"] = lines(
        "IMAGE                                       TAG       IMAGE ID        SIZE",
        "registry.ml.internal/pretrain/fsdp2         latest    7d2f0c1b9a8e4   11.9GB",
        "nvcr.io/nvidia/k8s-device-plugin            v0.16.2   c4f5a8b2e1d93   140MB",
    )
    lab = label("dependency", "infrastructure", bad, None, "restart_without_node",
                "Only the pod on gpu-pool-b-4 fails, with \"cannot import name 'fully_shard' from "
                "'torch.distributed.fsdp'\"; it reports torch 2.4.1 from a February build while the other pods run "
                "torch 2.6.0. Its Image ID differs (sha256:1a9e...) and kubelet says 'already present on machine': "
                "with :latest and imagePullPolicy IfNotPresent that node reused a stale cached image. The other ranks "
                "only time out; that node's container image is the fault.",
                "https://github.com/kubernetes/kubernetes/issues/47775")
    return name, files, lab


# =====================================================================================
# cs20: pip-installed Transformer Engine needs cuDNN 9, image ships cuDNN 8 (NeMo, every node)
# =====================================================================================
def cs20():
    rng = random.Random(10020)
    name = "cs20_transformer_engine_cudnn_missing"
    nodes = ["gcn0512", "gcn0513", "gcn0514", "gcn0515"]
    job = 2290031
    t0 = T(2024, 9, 10, 8, 11, 2)
    files = {}
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J nemo-gpt-20b
#SBATCH -N 4
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -t 48:00:00
# image = 23.10 framework container + our own TE upgrade (need fp8 recipe fixes from TE 1.11)
srun -l --container-image=/scratch/sqsh/nemo-2310-te111.sqsh --container-mounts=/scratch:/scratch \\
  python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py \\
  --config-path=/scratch/cfg --config-name=gpt_20b trainer.num_nodes=4 trainer.devices=8 \\
  model.transformer_engine=True model.fp8=True
"""
    files["image-build.txt"] = lines(
        "FROM nvcr.io/nvidia/nemo:23.10",
        "RUN pip install --no-cache-dir transformer_engine[pytorch]==1.11.0",
        "# build log excerpt",
        "Successfully installed transformer_engine-1.11.0 transformer_engine_cu12-1.11.0 transformer_engine_torch-1.11.0",
        "$ python -c 'import torch; print(torch.backends.cudnn.version())'",
        "8906",
        "$ ls /usr/lib/x86_64-linux-gnu/ | grep libcudnn",
        "libcudnn.so.8",
        "libcudnn.so.8.9.6",
        "libcudnn_adv_infer.so.8",
        "libcudnn_adv_train.so.8",
        "libcudnn_cnn_infer.so.8",
        "libcudnn_ops_infer.so.8",
    )
    out = []
    out.append(" 0: [NeMo W 2024-09-10 08:11:31 nemo_logging:349] /usr/local/lib/python3.10/dist-packages/megatron/core/tensor_parallel/layers.py:280: FutureWarning: `torch.cuda.amp.custom_fwd(args...)` is deprecated. Please use `torch.amp.custom_fwd(args..., device_type='cuda')` instead.")
    out.append(" 0: [NeMo I 2024-09-10 08:11:33 megatron_gpt_pretraining:37] ")
    out.append(" 0:     ")
    out.append(" 0:     ************** Experiment configuration ***********")
    out.append(" 0: [NeMo I 2024-09-10 08:11:33 megatron_gpt_pretraining:38] ")
    out.append(" 0:     name: megatron_gpt_20b")
    out.append(" 0:     trainer:")
    out.append(" 0:       num_nodes: 4")
    out.append(" 0:       devices: 8")
    out.append(" 0:       precision: bf16")
    blocks = []
    for r in range(32):
        blocks.append(["%2d: %s" % (r, l) for l in [
            "Traceback (most recent call last):",
            '  File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 42, in main',
            "    model = MegatronGPTModel(cfg.model, trainer)",
            '  File "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", line 333, in __init__',
            "    self.model = build_model(",
            '  File "/opt/NeMo/nemo/collections/nlp/modules/common/megatron/transformer.py", line 95, in <module>',
            "    import transformer_engine",
            '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/__init__.py", line 10, in <module>',
            "    import transformer_engine.common",
            '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/common/__init__.py", line 176, in <module>',
            "    _CUDNN_LIB_CTYPES = _load_cudnn()",
            '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/common/__init__.py", line 143, in _load_cudnn',
            "    return ctypes.CDLL(f\"libcudnn{_get_sys_extension()}\", mode=ctypes.RTLD_GLOBAL)",
            '  File "/usr/lib/python3.10/ctypes/__init__.py", line 374, in __init__',
            "    self._handle = _dlopen(self._name, mode)",
            "OSError: libcudnn_adv.so.9: cannot open shared object file: No such file or directory",
            "",
            "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
        ]])
    out += interleave(rng, blocks)
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n, i * 8, i * 8 + 7))
    files["slurm-%d.out" % job] = lines(out)
    files["sacct.txt"] = lines(sacct(job, "nemo-gpt-20b", "batch", "fm-dev", [
        ("", "nemo-gpt-20b", 512, "FAILED", "1:0", "00:01:03", "gcn[0512-0515]"),
        (".batch", "batch", 128, "FAILED", "1:0", "00:01:03", "gcn0512"),
        (".0", "python", 512, "FAILED", "1:0", "00:00:58", "gcn[0512-0515]"),
    ]))
    g = make_gpus(rng, 8, "NVIDIA H100 80GB HBM3", H100_BUS)
    g[3]["sbe"] = 2
    files["gcn0514/nvidia-smi-q.txt"] = lines(nvsmi_q(plus(t0, 200), "535.129.03", "12.2", g))
    lab = label("dependency", "framework", None, None, "stop",
                "All 32 NeMo ranks on the four nodes fail while importing Transformer Engine: "
                "'OSError: libcudnn_adv.so.9: cannot open shared object file'. The image is the 23.10 container "
                "(cuDNN 8.9) with a pip-installed TE 1.11 wheel built for cuDNN 9. The stack is inconsistent in "
                "the same way on every node; two corrected SRAM errors on one GPU are unrelated and fail nothing.",
                "https://github.com/NVIDIA/TransformerEngine/issues/1853")
    return name, files, lab


CASES = [cs11, cs12, cs13, cs14, cs15, cs16, cs17, cs18, cs19, cs20]
