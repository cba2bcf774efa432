"""Cases ai11-ai20: same-everywhere env, shared vs local storage, recurrence."""
from common import *
from cases_a import _stamp, _flood, BUS


# --------------------------------------------------------------------------- ai11
def ai11():
    nodes = ["p5-node-0", "p5-node-1", "p5-node-2", "p5-node-3"]
    files = {}
    for n, h in enumerate(nodes):
        out = ["[%s] pip freeze | grep -E 'torch|flash' -> torch==2.3.0 flash-attn==2.5.6 transformer-engine==1.5.0" % h,
               "W0611 10:02:%02d.118000 140 torch/distributed/run.py:757] Setting OMP_NUM_THREADS environment variable for each process to be 1" % (5 + n)]
        for lr in range(0, 8, 3 if n else 1):
            rk = n * 8 + lr
            out += ["[rank%d]: Traceback (most recent call last):" % rk,
                    '[rank%d]:   File "/fsx/llm/train.py", line 14, in <module>' % rk,
                    "[rank%d]:     from model.attention import FlashSelfAttention" % rk,
                    '[rank%d]:   File "/usr/local/lib/python3.10/site-packages/flash_attn/flash_attn_interface.py", line 10, in <module>' % rk,
                    "[rank%d]:     import flash_attn_2_cuda as flash_attn_cuda" % rk,
                    "[rank%d]: ImportError: /usr/local/lib/python3.10/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi" % rk]
        out.append("E0611 10:02:%02d.901000 140 torch/distributed/elastic/multiprocessing/api.py:826] failed (exitcode: 1) local_rank: 0 (pid: 2201) of binary: /usr/bin/python3" % (19 + n))
        files["%s/output.log" % h] = out
    files["Dockerfile.diff"] = ["--- a/Dockerfile", "+++ b/Dockerfile", "@@ -12,7 +12,7 @@",
                                "-RUN pip install torch==2.2.2 --index-url https://download.pytorch.org/whl/cu121",
                                "+RUN pip install torch==2.3.0 --index-url https://download.pytorch.org/whl/cu121",
                                " RUN pip install flash-attn==2.5.6 --no-build-isolation"]
    files["kubectl_get_pods.txt"] = ["NAME          READY   STATUS   RESTARTS   AGE   NODE"] + ["llm-%d   0/1   Error   0   3m   %s" % (i, h) for i, h in enumerate(nodes)]
    lab = label("dependency", "framework", None, "stop",
                "Every rank on all four nodes fails to import flash_attn_2_cuda with the same undefined c10 symbol after the image moved torch from 2.2.2 to 2.3.0 but kept the flash-attn 2.5.6 wheel: an ABI mismatch in the job's image, which a restart will not fix.",
                "https://github.com/Dao-AILab/flash-attention/issues/931")
    return "ai11_importerror_undefined_symbol_on_every_rank", files, lab


# --------------------------------------------------------------------------- ai12
def ai12():
    nodes = ["g0101", "g0102", "g0103"]
    files = {}
    out = ["#!/bin/bash", "#SBATCH -N 3 --gpus-per-node=8", "export NCCL_DEBUG=INFO", "export NCCL_SOCKET_IFNAME=ens5f0", "export NCCL_IB_HCA=mlx5", "srun torchrun --nnodes 3 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint g0101:29500 pretrain.py"]
    files["job.sbatch"] = out
    log = []
    for n, h in enumerate(nodes):
        for lr in (0, 3, 7):
            pid = 3300 + n * 50 + lr
            log.append(nccl(h, pid, pid, lr, "NCCL_SOCKET_IFNAME set by environment to ens5f0"))
            log.append(nccl(h, pid, pid, lr, "misc/socket.cc:402 NCCL WARN Bootstrap : no socket interface found", "WARN"))
            log.append(nccl(h, pid, pid, lr, "init.cc:1838 -> 5"))
        log.append("[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.20.5" % (n * 8))
        log.append("[rank%d]: ncclInvalidUsage: This usually reflects invalid usage of NCCL library." % (n * 8))
        log.append("[rank%d]: Last error:" % (n * 8))
        log.append("[rank%d]: Bootstrap : no socket interface found" % (n * 8))
    files["slurm-91182.out"] = log
    for h in nodes:
        files["%s/ip_link.txt" % h] = ["1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536", "2: eno1np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000", "3: ibp26s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092", "4: docker0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500"]
    lab = label("user_code", "script", None, "stop",
                "Every rank on all three nodes fails NCCL bootstrap with 'no socket interface found' because the job script sets NCCL_SOCKET_IFNAME=ens5f0, and no node has that interface (they have eno1np0/ibp26s0). The launch configuration is wrong.",
                "https://github.com/NVIDIA/nccl/issues/1837")
    return "ai12_nccl_invalid_usage_at_startup", files, lab


# --------------------------------------------------------------------------- ai13
def ai13():
    nodes = ["x3001c0s7b0n0", "x3001c0s9b0n0", "x3001c0s11b0n0", "x3001c0s13b0n0"]
    files = {}
    out = []
    for n, h in enumerate(nodes):
        for lr in (0, 2, 5) if n else range(8):
            rk = n * 8 + lr
            out += ["%s: [rank%d]: Traceback (most recent call last):" % (h, rk),
                    '%s: [rank%d]:   File "/lus/eagle/projects/llmx/megatron/training/checkpointing.py", line 412, in save_checkpoint' % (h, rk),
                    "%s: [rank%d]:     dist_checkpointing.save(state_dict, checkpoint_name, save_strategy)" % (h, rk),
                    '%s: [rank%d]:   File "/usr/lib/python3.10/site-packages/torch/distributed/checkpoint/filesystem.py", line 438, in _write_files_from_queue' % (h, rk),
                    "%s: [rank%d]:     stream.write(data)" % (h, rk),
                    "%s: [rank%d]: OSError: [Errno 122] Disk quota exceeded: '/lus/eagle/projects/llmx/ckpt/iter_0012000/__%d_0.distcp'" % (h, rk, rk)]
    files["pbs_job.o441102"] = [" [2024-08-19 04:10:02] iteration    12000/  200000 | consumed samples:     24576000 | elapsed time per iteration (ms): 4411.2 | lm loss: 2.103412E+00 |",
                                "saving checkpoint at iteration   12000 to /lus/eagle/projects/llmx/ckpt in torch_dist format"] + out + \
                               ["x3001c0s7b0n0: [rank0]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 13, 16, 18, 21, 24, 26, 29])",
                                "mpiexec: process on x3001c0s7b0n0 exited with status 1"]
    files["lfs_quota.txt"] = ["$ lfs quota -p 71203 -h /lus/eagle",
                              "Disk quotas for prj 71203 (pid 71203):",
                              "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                              "     /lus/eagle    100T*   100T    100T       -  3811022       0       0       -"]
    files["df_nodes.txt"] = ["%s  /local/scratch  3.5T  41G  3.4T  2%%" % h for h in nodes]
    lab = label("storage", "infrastructure", None, "stop",
                "All ranks on every node fail writing the iteration-12000 checkpoint with EDQUOT on the shared Lustre project directory, and lfs quota shows the project at its 100T hard limit. Node-local disks are nearly empty; a restart will hit the same quota.",
                "https://github.com/BinItAI/visdet/issues/95")
    return "ai13_checkpoint_save_fails_on_all_ranks", files, lab


# --------------------------------------------------------------------------- ai14
def ai14():
    r = rng(3814)
    nodes = ["trn-0", "trn-1", "trn-2", "trn-3", "trn-4", "trn-5"]
    files = {}
    t = T(2024, 12, 2, 13, 55, 2)
    for n, h in enumerate(nodes):
        out = []
        for k in range(3):
            tt = plus(t, n * 0.7 + k * 4.1)
            out.append("%s WARNING s3_stream.py:118 rank=%d worker=%d retry %d/5 GetObject s3://corp-pretrain-tok/v3/shard-%05d.bin: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate." % (pylog_ts(tt), n * 8 + k, k, k + 1, r.randint(0, 40000)))
        out.append("%s WARNING s3_stream.py:118 rank=%d worker=2 GetObject: An error occurred (503) when calling the GetObject operation: Service Unavailable" % (pylog_ts(plus(t, 19 + n)), n * 8 + 3))
        out += ["[rank%d]: Traceback (most recent call last):" % (n * 8 + 1),
                '[rank%d]:   File "/app/data/s3_stream.py", line 131, in _fetch' % (n * 8 + 1),
                "[rank%d]:     raise DataFetchError(key) from e" % (n * 8 + 1),
                "[rank%d]: data.s3_stream.DataFetchError: s3://corp-pretrain-tok/v3/shard-%05d.bin after 5 attempts (SlowDown)" % (n * 8 + 1, r.randint(0, 40000))]
        files["%s/train.log" % h] = out
    files["storage_status.txt"] = ["# internal object-store status page (copied)", "2024-12-02 13:48 UTC  DEGRADED  s3-gw-east: elevated 503 SlowDown on bucket prefix corp-pretrain-tok/* (partition split in progress)", "2024-12-02 14:31 UTC  RESOLVED  request rates back to normal"]
    files["trn-0/train.log"] = [" step 30210 | loss 2.0071 | tok/s 1.71M | data_wait 0.02s"] + files["trn-0/train.log"]
    lab = label("storage", "infrastructure", None, "restart",
                "Data workers on all six nodes get S3 SlowDown/503 on the shared pretraining bucket at the same time, and the object-store status page shows the bucket prefix degraded from 13:48 to 14:31. A transient shared-service problem, so restart once it has recovered.",
                "https://github.com/huggingface/datatrove/issues/302")
    return "ai14_data_fetch_errors_on_every_node", files, lab


# --------------------------------------------------------------------------- ai15
def ai15():
    nodes = ["node-c%02d" % i for i in range(1, 7)]
    t = T(2024, 10, 30, 9, 12, 40)
    files = {}
    out = []
    for s in range(0, 600, 60):
        out.append("0: [%s] step %d/60000 loss=%.3f lr=3.0e-04 it/s=1.12" % (_stamp(plus(t, s - 700)), 4000 + s // 60, 2.3))
    out += ["4: [rank36]: Traceback (most recent call last):",
            '4: [rank36]:   File "/usr/local/lib/python3.11/site-packages/torch/_inductor/codecache.py", line 455, in write_atomic',
            "4: [rank36]:     tmp_path.write_bytes(content)",
            "4: [rank36]: torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
            "4: [rank36]: OSError: [Errno 28] No space left on device: '/local/tmp/torchinductor_mlops/triton/0/4f/tmp.c1a2b3d4'",
            "4: [rank38]: OSError: [Errno 28] No space left on device: '/local/tmp/torchinductor_mlops/fxgraph/xk/tmp.7f7a'"]
    for n in (0, 1, 2, 3, 5):
        out.append("%d: [rank%d]:[E1030 09:42:41.%06d ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=3310, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800090 milliseconds before timing out." % (n, n * 8, 100000 + n, n * 8))
    files["slurm-551902.out"] = out
    for h in nodes:
        use = "3.5T  3.5T     0 100%" if h == "node-c05" else "3.5T  212G  3.3T   6%"
        files["%s/df-h.txt" % h] = ["Filesystem      Size  Used Avail Use% Mounted on", "/dev/md0        %s /local" % use, "lustre01@o2ib:/proj  2.0P  1.1P  0.9P  55% /proj"]
    files["node-c05/du_local.txt"] = ["$ du -sh /local/* | sort -h | tail -3", "41G\t/local/tmp", "188G\t/local/enroot", "3.2T\t/local/job_550771_scratch   # left behind by a cancelled job, epilog cleanup failed"]
    files["node-c05/syslog"] = [syslog(T(2024, 10, 29, 23, 59, 1), "node-c05", "slurm-epilog", "cleanup of /local/job_550771_scratch failed: Device or resource busy")]
    lab = label("storage", "infrastructure", {"node": "node-c05"}, "restart_without_node",
                "Only ranks 36 and 38 (slurm task 4 = node-c05) fail with ENOSPC while writing the inductor cache to /local; df shows node-c05's local /local at 100%, filled by another job's leftover scratch, while every other node's /local and the shared /proj have room.",
                "https://github.com/databrickslabs/dolly/issues/139")
    return "ai15_no_space_left_on_device_compile_cache", files, lab


# --------------------------------------------------------------------------- ai16
def ai16():
    nodes = ["ml-%02d" % i for i in range(1, 5)]
    t = T(2024, 2, 27, 1, 14, 3)
    files = {}
    for n, h in enumerate(nodes):
        files["%s/kern.log" % h] = [syslog(plus(t, n), h, "kernel", "nfs: server fs-home.corp not responding, still trying"),
                                    syslog(plus(t, 60 + n), h, "kernel", "INFO: task python:%d blocked for more than 122 seconds." % (51200 + n)),
                                    syslog(plus(t, 60 + n), h, "kernel", "      Tainted: P           OE     5.4.0-172-generic #190-Ubuntu"),
                                    syslog(plus(t, 2410 + n), h, "kernel", "nfs: server fs-home.corp OK")]
    out = ["Epoch 12/40: 100%|██████████| 1250/1250 [14:02<00:00,  1.48it/s, loss=0.412]",
           "Saving model checkpoint to /mnt/home/proj/ckpt/epoch_12.pt"]
    for n in range(4):
        for lr in range(0, 4, 2):
            out += watchdog_timeout(T(2024, 2, 27, 1, 44, 5 + n, 10000 * lr), n * 4 + lr, 180221, "BROADCAST", 1, extra_ms=5, short=True)
    out += ["srun: error: ml-01: task 0: Exited with exit code 134", "srun: error: ml-03: task 2: Exited with exit code 134"]
    files["run.out"] = out
    files["filer_events.txt"] = ["fs-home.corp  2024-02-27 01:13:51  HA takeover started (node filer-a panic)", "fs-home.corp  2024-02-27 01:54:08  HA giveback complete, exports online"]
    lab = label("storage", "infrastructure", None, "restart",
                "At 01:14 all four nodes lose the shared NFS server (fs-home 'not responding', processes blocked) during the checkpoint save, and the filer log shows an HA takeover until 01:54. The BROADCAST watchdog timeouts 30 minutes later come from that; it was transient, so restart.",
                "https://github.com/facebookresearch/PyTorch-BigGraph/issues/160")
    return "ai16_broadcast_timeout_after_checkpoint_save", files, lab


# --------------------------------------------------------------------------- ai17
def ai17():
    files = {}
    attempts = [("g[01-04]", ["g01", "g02", "g05", "g07"], T(2024, 6, 3, 22, 40, 12), 5120),
                ("g[02,05,07-08]", ["g02", "g05", "g07", "g08"], T(2024, 6, 4, 1, 3, 55), 2310),
                ("g[03,05,06,09]", ["g05", "g03", "g06", "g09"], T(2024, 6, 4, 3, 29, 7), 880)]
    # note: attempt 1 nodelist shown as allocated set
    for a, (nl, hosts, tf, step) in enumerate(attempts, 1):
        idx = hosts.index("g05")
        rk = idx * 8 + 3
        out = ["=== attempt %d (SLURM_RESTART_COUNT=%d) nodes: %s ===" % (a, a - 1, ",".join(hosts)),
               "[%s] train step %d loss %.3f" % (_stamp(plus(tf, -20)), step, 1.88 + a * 0.01),
               "[rank%d]: Traceback (most recent call last):" % rk,
               '[rank%d]:   File "/work/mm/train.py", line 301, in train_step' % rk,
               "[rank%d]:     loss = criterion(logits[mask], labels[mask])" % rk,
               "[rank%d]: RuntimeError: CUDA error: an illegal memory access was encountered" % rk if a != 2 else "[rank%d]: RuntimeError: CUDA error: misaligned address" % rk,
               "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % rk,
               "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % rk,
               "host=g05 local_rank=3 CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 -> device 3 (bus 5D)",
               "srun: error: g05: task %d: Exited with exit code 1" % idx]
        for h in hosts:
            if h != "g05":
                out.append("[rank%d]:[E%02d%02d %02d:%02d:%02d.000000000 ProcessGroupNCCL.cpp:1717] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error" % (hosts.index(h) * 8, tf.month, tf.day, tf.hour, (tf.minute + 1) % 60, tf.second))
        files["attempts/slurm-30771_%d.out" % a] = out
    files["g05/dmesg-T.txt"] = [dmesg_ctime(plus(attempts[0][2], -1), xid("0000:5d:00", 31, "pid=18802, name=python, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC3 GPCCLIENT_T1_2 faulted @ 0x7f1e_4a001000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ")),
                                dmesg_ctime(plus(attempts[1][2], -1), xid("0000:5d:00", 13, "pid=20551, name=python, Graphics SM Warp Exception on (GPC 3, TPC 1, SM 1): Misaligned Address")),
                                dmesg_ctime(plus(attempts[2][2], -1), xid("0000:5d:00", 31, "pid=22017, name=python, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC3 GPCCLIENT_T1_0 faulted @ 0x7f02_11fff000. Fault is of type FAULT_PTE ACCESS_TYPE_VIRT_WRITE"))]
    files["g02/dmesg-T.txt"] = [dmesg_ctime(T(2024, 6, 4, 1, 2, 0), "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready")]
    files["sacct.txt"] = sacct([("30771", "mm-train", "a100", "vis", 256, "FAILED", "1:0", "2024-06-04T03:21:40", "2024-06-04T03:29:20", "g[03,05-06,09]")])
    lab = label("gpu_hardware", "infrastructure", {"node": "g05"}, "restart_without_node",
                "Three attempts crash at different steps with different global ranks and slightly different CUDA faults (illegal address, misaligned address), but every time on g05 local rank 3 (GPU 5D:00), with an Xid 31/13 on that GPU each time; the failure follows the GPU, not the code.",
                "https://github.com/pytorch/pytorch/issues/21819")
    return "ai17_illegal_memory_access_after_requeue_three_times", files, lab


# --------------------------------------------------------------------------- ai18
def ai18():
    r = rng(3818)
    files = {}
    runs = [(["gpu-e%02d" % i for i in (1, 2, 3, 4)], T(2024, 3, 28, 4, 10, 0)),
            (["gpu-e%02d" % i for i in (5, 6, 7, 8)], T(2024, 3, 28, 9, 2, 0)),
            (["gpu-e%02d" % i for i in (2, 9, 11, 12)], T(2024, 3, 28, 14, 40, 0))]
    for a, (hosts, t) in enumerate(runs, 1):
        out = ["using world size: 32, data-parallel size: 4, tensor-model-parallel size: 4, pipeline-model-parallel size: 2", "nodes: " + ",".join(hosts),
               "loading checkpoint from /ckpt/gpt13b at iteration 41000"]
        loss = 2.02
        for it in range(41010, 41211, 10):
            tt = plus(t, (it - 41000) * 6.2)
            if it < 41170:
                gn = 0.31 + r.random() * 0.1 if it < 41150 else 4.1 * (it - 41140)
                out.append(megatron_iter(_stamp(tt), it, 300000, it * 1024, 6210.0 + r.random() * 30, 3.0e-4, 1024, loss + r.random() * 0.02, 1.0, gn))
            elif it == 41170:
                out.append(megatron_iter(_stamp(tt), it, 300000, it * 1024, 6230.1, 3.0e-4, 1024, 7.41, 1.0, 981.2))
            else:
                out.append(megatron_iter(_stamp(tt), it, 300000, it * 1024, 6220.0, 3.0e-4, 1024, float("nan"), 1.0, float("nan"), 0, 10))
        out += ["Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (5 + 8 * a % 32, 5, hosts[(a + 1) % 4]),
                "AssertionError: Rank %d: found NaN in local grad norm" % (5 + 8 * a % 32)]
        files["run%d/megatron_stdout.log" % a] = out
    files["config_diff_vs_last_good.txt"] = ["--lr 1.5e-4 -> --lr 3.0e-4", "--lr-warmup-iters 2000 (unchanged)", "--clip-grad 1.0 -> --clip-grad 0.0   # disabled while debugging throughput"]
    lab = label("numerical", "script", None, "stop",
                "Three runs on different node sets diverge identically: grad norm climbs after iteration 41150, the loss spikes at 41170 and turns NaN at 41180. The assert names a different rank and node each time; the cause is the recipe (doubled LR, clipping disabled), not hardware.",
                "https://github.com/karpathy/nanoGPT/issues/136")
    return "ai18_loss_nan_after_resume_every_attempt", files, lab


# --------------------------------------------------------------------------- ai19
def ai19():
    r = rng(3819)
    files = {}
    att = [(["h100-b%02d" % i for i in (11, 14, 17, 20)], 2210, T(2024, 8, 8, 2, 0, 0)),
           (["h100-b%02d" % i for i in (17, 11, 14, 22)], 6890, T(2024, 8, 8, 6, 30, 0)),
           (["h100-b%02d" % i for i in (12, 15, 17, 21)], 412, T(2024, 8, 8, 11, 5, 0))]
    for a, (hosts, step, t) in enumerate(att, 1):
        b = hosts.index("h100-b17")
        out = ["[%s] accelerate launch --config_file ds_z2.yaml --num_machines 4 --machine_rank $RANK  (machines: %s)" % (_stamp(t), " ".join(hosts))]
        for s in range(step - 60, step + 1, 20):
            out.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': 1.2e-05, 'epoch': %.2f}" % (0.94 + r.random() * 0.03, 0.7 + r.random() * 0.2, s / 9000))
        out.append("{'loss': nan, 'grad_norm': nan, 'learning_rate': 1.2e-05, 'epoch': %.2f}" % (step / 9000))
        out += ["[rank%d] NaNDetector: non-finite values in output of model.layers.%d.mlp.down_proj on host h100-b17 (cuda:%d)" % (b * 8 + 6, r.randint(3, 30), 6),
                "[rank%d] all other ranks: activations finite at this step" % 0,
                "[%s] [WARNING] [stage_1_and_2.py:1887:step] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 1, reducing to 1" % _stamp(plus(t, 3000 + step)),
                "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."]
        files["attempt%d/rank0_stdout.log" % a] = out
    files["h100-b17/dcgmi_diag_r3.txt"] = ["+---------------------------+------------------------------------------------+",
                                           "| Diagnostic                | Result                                         |",
                                           "+===========================+================================================+",
                                           "| Deployment                | Pass                                           |",
                                           "| Memory                    | Pass                                           |",
                                           "| Diagnostic                | Fail - GPU 6                                   |",
                                           "| Warning (GPU 6)           | Found 18 faulty elements in matrix product     |",
                                           "|                           | compare; results differ from reference.        |",
                                           "| Targeted Stress           | Pass                                           |",
                                           "+---------------------------+------------------------------------------------+",
                                           "# run 2024-08-08 16:20 after third failure"]
    files["h100-b17/nvidia-smi-q.txt"] = smi_q([{"bus": "00000000:%s:00.0" % b} for b in BUS], T(2024, 8, 8, 16, 10, 0))
    lab = label("gpu_hardware", "infrastructure", {"node": "h100-b17"}, "restart_without_node",
                "The NaN comes at a different step each attempt (2210, 6890, 412) on different global ranks, but always first on h100-b17 cuda:6 while every other rank is finite, and dcgmi diag r3 then fails GPU 6 with faulty matrix-product results. It is silent data corruption that follows the node.",
                "https://github.com/microsoft/dion/issues/76")
    return "ai19_loss_scale_at_minimum_nan_loss_recurs", files, lab


# --------------------------------------------------------------------------- ai20
def ai20():
    files = {}
    att = [(["n41", "n42", "n43", "n44"], 7, T(2024, 9, 19, 8, 0, 0)),
           (["n51", "n52", "n53", "n54"], 7, T(2024, 9, 19, 11, 0, 0)),
           (["n42", "n58", "n61", "n62"], 7, T(2024, 9, 19, 13, 30, 0))]
    for a, (hosts, rk_local, t) in enumerate(att, 1):
        rk = 24 + rk_local  # global batch index maps to the same DP rank every time (fixed seed)
        out = ["[%s] Lightning: Restoring states from the checkpoint path at /ckpt/last.ckpt (global_step=7700)" % _stamp(t),
               "Epoch 3:  %d%%|▋| 7731/12000 [..., v_num=a%d, train/loss=3.112]" % (64, a)]
        out += ["%s/aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % ("/opt/pytorch/pytorch", 188 + k, 64 + k) for k in range(4)]
        out += ["[rank%d]: Traceback (most recent call last):" % rk,
                '[rank%d]:   File "/code/models/embed.py", line 58, in forward' % rk,
                "[rank%d]:     x = self.tok_embeddings(tokens)" % rk,
                "[rank%d]: RuntimeError: CUDA error: device-side assert triggered" % rk,
                "[rank%d]: batch 7731 sample ids: [b'web-2291-004118', ...]  max token id 50304 (vocab_size=50257)" % rk,
                "srun: error: %s: task 3: Exited with exit code 1" % hosts[3]]
        files["attempt_%d.log" % a] = out
    files["tokenizer_notes.md"] = ["data v5 was re-tokenized with tokenizer-v2 (padded vocab 50304); model config still vocab_size=50257"]
    lab = label("user_code", "script", None, "stop",
                "All three attempts, on different node sets, hit the same embedding index assert at batch 7731 on the same data-parallel rank, where a token id (50304) exceeds vocab_size 50257: a data/config mismatch that is deterministic, not hardware.",
                "https://github.com/facebookresearch/detectron2/issues/4158")
    return "ai20_device_side_assert_at_same_step_on_retries", files, lab


CASES = [ai11, ai12, ai13, ai14, ai15, ai16, ai17, ai18, ai19, ai20]
