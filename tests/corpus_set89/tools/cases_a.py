"""Cases ch01-ch08."""

import random

from common import (t0, plus, iso, ymd_hms, c10d, glog, dmesg_T, uptime, syslog_ts,
                    hexptr, comm_id, nccl, nccl_init_block, watchdog_timeout,
                    watchdog_abort_tail, elastic_sigterm, elastic_failed,
                    torchrun_entry_traceback, child_failed_table, srun_exit,
                    sacct_table, join, tqdm_t)

H100_BUS = ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"]
H100_PCI = ["0000:18:00", "0000:2a:00", "0000:3a:00", "0000:5d:00",
            "0000:9a:00", "0000:ab:00", "0000:ba:00", "0000:db:00"]


def megatron_iter(t, it, total, ms, lr, loss, gn, gbs=1024, seq=4096, skipped=0, nan=0, scale="1.0"):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %s | grad norm: %.3f | "
            "number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (ymd_hms(t), it, total, it * gbs, ms, lr, gbs, loss, scale, gn, skipped, nan))


# --------------------------------------------------------------------------
def ch01():
    rng = random.Random(8901)
    job = 771204
    nodes = ["gpu-b05", "gpu-b06", "gpu-b07", "gpu-b08"]
    start = t0("2025-02-11 01:12:40")
    fault = t0("2025-02-11 03:02:17")
    pids = {}
    for ni, n in enumerate(nodes):
        base = 48200 + ni * 37
        for l in range(8):
            pids[ni * 8 + l] = base + l
    ips = {n: "10.41.6.%d" % (15 + i) for i, n in enumerate(nodes)}
    cid = comm_id(rng)
    out = []
    out.append("+ export NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT")
    out.append("+ export CUDA_DEVICE_MAX_CONNECTIONS=1")
    out.append("+ srun --label --ntasks-per-node=8 --cpu-bind=none --container-image=/lustre/images/megatron-25.01.sqsh python pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --num-layers 48 --hidden-size 6144 --seq-length 4096 --micro-batch-size 1 --global-batch-size 1024 --lr 3e-4 --distributed-timeout-minutes 10 --bf16 ...")
    out.append("0: using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 4, pipeline-model-parallel size: 2")
    out.append("0: > initializing torch distributed ...")
    for r in range(32):
        ni, l = divmod(r, 8)
        host = nodes[ni]
        pid = pids[r]
        if r in (0, 8, 13, 16, 24):
            for line in nccl_init_block(host, pid, pid + 311, l, r, 32, H100_BUS[l], cid, hexptr(rng),
                                        ip=ips[host], oob="ibp%d" % 0):
                out.append("%d: %s" % (r, line))
        else:
            out.append("%d: %s" % (r, nccl(host, pid, pid + 311, l,
                       "comm %s rank %d nranks 32 cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE"
                       % (hexptr(rng), r, l, l, H100_BUS[l], cid))))
    out.append("0: > initialized tensor model parallel with size 4")
    out.append("0: > initialized pipeline model parallel with size 2")
    out.append("0: > compiling dataset index builder ...")
    out.append("0: >>> done with dataset index builder. Compilation time: 0.081 seconds")
    out.append("0: [after dataloaders are built] datetime: %s " % ymd_hms(plus(start, 170)))
    out.append("0: training ...")
    out.append("0: [before the start of training step] datetime: %s " % ymd_hms(plus(start, 171)))
    t = plus(start, 180)
    it0 = 15000
    loss = 2.41
    for k in range(0, 18):
        it = it0 + 60 * (k + 1)
        t = plus(t, 60 * 6.02)
        if t >= fault:
            break
        loss -= 0.0031
        out.append("31: " + megatron_iter(t, it, 250000, 6020.0 + rng.uniform(-25, 25), 2.9e-4 - k * 1e-7,
                                            loss + rng.uniform(-0.01, 0.01), 0.35 + rng.uniform(-0.03, 0.05)))
    last_it = it - 60
    # rank 13 dies
    out.append("13: %s" % nccl("gpu-b06", pids[13], pids[13] + 318, 5, "Cuda failure 'unknown error'",
                                 src="enqueue.cc:1556", level="WARN"))
    out.append("13: [rank13]: Traceback (most recent call last):")
    for l in [
        '  File "/workspace/megatron-lm/pretrain_gpt.py", line 272, in <module>',
        "    pretrain(",
        '  File "/workspace/megatron-lm/megatron/training/training.py", line 386, in pretrain',
        "    iteration, num_floating_point_operations_so_far = train(",
        '  File "/workspace/megatron-lm/megatron/training/training.py", line 1412, in train',
        "    train_step(forward_step_func,",
        '  File "/workspace/megatron-lm/megatron/training/training.py", line 754, in train_step',
        "    losses_reduced = forward_backward_func(",
        '  File "/workspace/megatron-lm/megatron/core/pipeline_parallel/schedules.py", line 1488, in forward_backward_pipelining_without_interleaving',
        "    input_tensor_grad = backward_step(",
        '  File "/workspace/megatron-lm/megatron/core/pipeline_parallel/schedules.py", line 366, in backward_step',
        "    custom_backward(output_tensor[0], output_tensor_grad[0])",
        '  File "/workspace/megatron-lm/megatron/core/pipeline_parallel/schedules.py", line 150, in custom_backward',
        "    Variable._execution_engine.run_backward(",
        "RuntimeError: CUDA error: unknown error",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]:
        out.append("13: [rank13]: " + l)
    out.append("13: [rank13]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())"
               % c10d(plus(fault, 2), 118220341, "")[0:])
    out.append(srun_exit("gpu-b06", [13], code=1))
    # others time out 10 minutes later
    wd = plus(fault, 603)
    seq = 412877
    order = [16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 8, 9, 10, 11, 12, 14, 15, 4, 5, 6, 7, 24, 25, 26, 27, 28, 29, 30, 31]
    for i, r in enumerate(order):
        op = "_ALLGATHER_BASE" if r % 4 != 1 else "ALLREDUCE"
        numel = 201326592 if op != "ALLREDUCE" else 1
        for line in watchdog_timeout(r, plus(wd, i // 6), 100000000 + 7919 * i * 1000, seq, op, numel,
                                     600000, 600000 + 31 + i * 3, seq + 2, seq - 1, numel_out=numel * (4 if op != "ALLREDUCE" else 1)):
            out.append("%d: %s" % (r, line))
        if r in (16, 0, 24):
            for line in watchdog_abort_tail(r, seq, op, numel, 600000, 600000 + 31 + i * 3,
                                            numel_out=numel * (4 if op != "ALLREDUCE" else 1)):
                out.append("%d: %s" % (r, line))
    # gpu-b07 is chatty: NCCL net errors after peers abort
    for l in range(8):
        r = 16 + l
        out.append("%d: %s" % (r, nccl("gpu-b07", pids[r], pids[r] + 320, l,
                   "NET/IB : Got async event : port error", level="WARN")))
        out.append("%d: %s" % (r, nccl("gpu-b07", pids[r], pids[r] + 320, l,
                   "transport/net_ib.cc:2274 -> 6")))
    out.append(srun_exit("gpu-b07", list(range(16, 24)), signal="Aborted (core dumped)"))
    out.append(srun_exit("gpu-b05", list(range(0, 8)), signal="Aborted (core dumped)"))
    out.append(srun_exit("gpu-b06", [8, 9, 10, 11, 12, 14, 15], signal="Aborted (core dumped)"))
    out.append(srun_exit("gpu-b08", list(range(24, 32)), signal="Aborted (core dumped)"))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    slurm = join(out)

    # dmesg of gpu-b06
    boot = t0("2025-02-03 09:41:02")
    d = []
    def L(sec, msg):
        d.append("%s %s" % (dmesg_T(plus(boot, sec)), msg))
    L(4.1, "nvidia: loading out-of-tree module taints kernel.")
    L(4.3, "nvidia-nvlink: Nvlink Core is being initialized, major device number 508")
    uuids = ["GPU-%08x-%04x-%04x-%04x-%012x" % (rng.randrange(1 << 32), rng.randrange(1 << 16), rng.randrange(1 << 16),
                                               rng.randrange(1 << 16), rng.randrange(1 << 48)) for _ in range(8)]
    for l in range(8):
        L(5.0 + l * 0.2, "NVRM: GPU at PCI:%s: %s" % (H100_PCI[l], uuids[l]))
        L(5.1 + l * 0.2, "NVRM: GPU Board Serial Number: 16523220%05d" % (11100 + l * 7))
    L(6.8, "NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.127.05  Release Build  (dvs-builder@U16-I3-B03-4-3)  Tue Oct  8 23:11:44 UTC 2024")
    L(9.2, "mlx5_core 0000:0c:00.0: mlx5_pcie_event:299:(pid 1143): PCIe slot advertised sufficient power (27W).")
    L(11.7, "IPv6: ADDRCONF(NETDEV_CHANGE): ibp0: link becomes ready")
    L(51231.4, "python[1882233]: segfault at 0 ip 00007f11a4c2e2c9 sp 00007ffd6a1c8e20 error 4 in libc.so.6[7f11a4bb5000+195000] likely on CPU 77 (core 13, socket 1)")
    L(51231.4, "Code: 0f 1e fa 48 89 f8 48 89 fa c5 f9 ef c0 25 ff 0f 00 00 3d e0 0f 00 00 0f 87 33 01 00 00 c5 fd 74 0f c5 fd d7 c1 85 c0 74 57 <f3> 0f bc c0 c3 66 2e 0f 1f 84 00 00 00 00 00 66 0f 1f 44 00 00 f3")
    fsec = (fault - boot).total_seconds()
    L(fsec - 0.4, "pcieport 0000:a7:01.0: AER: Uncorrected (Fatal) error received: 0000:ab:00.0")
    L(fsec - 0.4, "nvidia 0000:ab:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)")
    L(fsec - 0.4, "nvidia 0000:ab:00.0:   device [10de:2330] error status/mask=00000020/00000000")
    L(fsec - 0.4, "nvidia 0000:ab:00.0:    [ 5] SDES                   (First)")
    L(fsec, "NVRM: GPU at PCI:0000:ab:00: %s" % uuids[5])
    L(fsec, "NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.")
    L(fsec, "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus.")
    L(fsec, "NVRM: GPU 0000:ab:00.0: GPU serial number is 1652322011135.")
    L(fsec + 0.1, "NVRM: kgspRcAndNotifyAllChannels_IMPL: RC all channels for critical error 79.")
    L(fsec + 0.2, "NVRM: _threadNodeCheckTimeout: API_GPU_ATTACHED_SANITY_CHECK failed!")
    L(fsec + 0.9, "NVRM: Xid (PCI:0000:ab:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)")
    L(fsec + 31.0, "nvidia-persistenced[2311]: device 0000:ab:00.0 - failed to open.")
    dmesg = join(d)

    label = {
        "category": "gpu_hardware", "layer": "infrastructure",
        "culprit": {"node": "gpu-b06", "rank": 13},
        "action": "restart_without_node",
        "rationale": "gpu-b06 logged Xid 79 (GPU 0000:ab:00, busId ab000 = local GPU 5 = rank 13) seconds before rank 13 died with 'CUDA error: unknown error'; every other rank only timed out in the next collective and gpu-b07's IB 'port error' chatter is sympathetic.",
        "modelled_on": "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1151",
    }
    return {"name": "ch01_rank13_unknown_cuda_error_then_timeouts",
            "files": {"slurm-%d.out" % job: slurm, "gpu-b06/dmesg.txt": dmesg},
            "label": label}


# --------------------------------------------------------------------------
def ch02():
    """Lightning job hits its Slurm time limit; NCCL noise afterwards."""
    rng = random.Random(8902)
    job = 3318845
    nodes = ["a100-n017", "a100-n018"]
    start = t0("2025-03-02 20:00:11")
    end = t0("2025-03-03 08:00:14")
    out = []
    out.append("GPU available: True (cuda), used: True")
    out.append("TPU available: False, using: 0 TPU cores")
    out.append("HPU available: False, using: 0 HPUs")
    for r in range(8):
        out.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (r, r + 1))
    out.append("----------------------------------------------------------------------------------------------------")
    out.append("distributed_backend=nccl")
    out.append("All distributed processes registered. Starting with 8 processes")
    out.append("----------------------------------------------------------------------------------------------------")
    out.append("")
    out.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]")
    out.append("")
    out.append("  | Name    | Type               | Params | Mode ")
    out.append("-------------------------------------------------------")
    out.append("0 | model   | ViTForMaskedImage  | 632 M  | train")
    out.append("1 | loss_fn | MaskedMSE          | 0      | train")
    out.append("-------------------------------------------------------")
    out.append("632 M     Trainable params")
    out.append("0         Non-trainable params")
    out.append("632 M     Total params")
    out.append("2,528.113 Total estimated model params size (MB)")
    out.append("/opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'val_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=15` in the `DataLoader` to improve performance.")
    steps_per_epoch = 5000
    rate = 0.92
    total_sec = (end - start).total_seconds() - 90
    done = int(total_sec * rate)
    for e in range(0, done // steps_per_epoch + 1):
        n = min(steps_per_epoch, done - e * steps_per_epoch)
        if n <= 0:
            break
        for frac in (0.25, 0.5, 0.75, 1.0):
            s = int(n * frac) if n == steps_per_epoch else int(n * frac)
            el = int(s / rate)
            rem = int((steps_per_epoch - s) / rate)
            pct = int(100 * s / steps_per_epoch)
            bar = "\u2588" * (pct // 10) + " " * (10 - pct // 10)
            out.append("Epoch %d: %3d%%|%s| %d/%d [%s<%s,  %.2fit/s, v_num=%d, train_loss=%.3f]"
                       % (e, pct, bar, s, steps_per_epoch, tqdm_t(el), tqdm_t(rem), rate, 41, 0.61 - e * 0.021 - frac * 0.004))
        if n == steps_per_epoch:
            out.append("Epoch %d, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/scratch/mae/ckpt/epoch=%d-step=%d.ckpt' as top 3"
                       % (e, (e + 1) * steps_per_epoch, 0.59 - e * 0.02, 0.59 - e * 0.02, e, (e + 1) * steps_per_epoch))
    out.append("slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, nodes[0], iso(end)))
    out.append("slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, nodes[0], iso(end)))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for r in range(8):
        out.append("[rank: %d] Received SIGTERM: 15" % r)
    for r in (1, 5, 6):
        host = nodes[r // 4]
        out.append("%s:%d:%d [%d] NCCL INFO [Service thread] Connection closed by localRank %d" % (host, 91822 + r, 92010 + r, r % 4, (r + 1) % 4))
    for r in (4, 5, 6, 7):
        out.append("%s" % "[rank%d]:[E%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (r, c10d(plus(end, 3), 120000000 + r * 17)[1:], r))
        out.append("[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % r)
        out.append("[rank%d]:Last error:" % r)
        out.append("[rank%d]:socketProgress: Connection closed by remote peer a100-n017<58112>" % r)
    out.append(srun_exit(nodes[0], [0, 1, 2, 3], signal="Terminated"))
    out.append(srun_exit(nodes[1], [4, 5, 6, 7], signal="Terminated"))
    out.append("srun: Force Terminated StepId=%d.0" % job)
    slurm = join(out)
    sacct = join(sacct_table([
        (str(job), "mae-vit-h", "gpu", "2", "TIMEOUT", "0:0", "12:00:03", "a100-n[017-018]"),
        ("%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", "12:00:05", "a100-n017"),
        ("%d.extern" % job, "extern", "", "2", "COMPLETED", "0:0", "12:00:03", "a100-n[017-018]"),
        ("%d.0" % job, "python", "", "2", "CANCELLED", "0:15", "11:59:59", "a100-n[017-018]"),
    ]) + ["", "$ scontrol show job %d | grep -E 'TimeLimit|RunTime'" % job,
          "   RunTime=12:00:03 TimeLimit=12:00:00 TimeMin=N/A"])
    label = {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "slurmstepd cancelled the step DUE TO TIME LIMIT after 12h of healthy progress and sacct says TIMEOUT; the NCCL 'remote process exited' errors and watchdog exceptions come after the SIGTERM and are consequences, not a fault.",
        "modelled_on": "https://github.com/Lightning-AI/pytorch-lightning/issues/20542",
    }
    return {"name": "ch02_step_cancelled_then_nccl_remote_errors",
            "files": {"slurm-%d.out" % job: slurm, "sacct.txt": sacct}, "label": label}


# --------------------------------------------------------------------------
def ch03():
    """One node's IB port flaps; its ring neighbour shouts the loudest."""
    rng = random.Random(8903)
    job = 502118
    nodes = ["gpu-d%02d" % i for i in range(3, 11)] + []  # d03..d10
    nodes = ["gpu-d03", "gpu-d04", "gpu-d07", "gpu-d08", "gpu-d09", "gpu-d10", "gpu-d11", "gpu-d12"]
    ip = {n: "10.12.3.%d" % (10 + int(n[-2:])) for n in nodes}
    start = t0("2025-01-20 14:05:31")
    fault = t0("2025-01-20 19:47:52")
    out = []
    out.append("### job %d on %s" % (job, ",".join(nodes)))
    out.append("### MASTER_ADDR=%s MASTER_PORT=29511 NNODES=8" % nodes[0])
    t = plus(start, 140)
    out.append("[titan] %s - root - INFO - Starting job: llama3_8b pretrain (64 GPUs, FSDP2)" % ymd_hms(plus(start, 30)))
    out.append("[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [64]" % ymd_hms(plus(start, 31)))
    out.append("[titan] %s - root - INFO - Training starts at step 1." % ymd_hms(plus(start, 139)))
    step = 0
    while True:
        step += 10
        t = plus(t, 10 * 3.31)
        if t >= fault:
            break
        if step % 400 == 0:
            out.append("[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: 58.61GiB(73.89%%)  tps: 4,951  tflops: 286.71  mfu: 28.99%%"
                       % (ymd_hms(t), step, 3.9 - step * 0.00011 + rng.uniform(-0.02, 0.02)))
    # errors from several hosts, all naming peer 10.12.3.21 (gpu-d11)
    bad_ip = ip["gpu-d11"]
    talkers = [("gpu-d10", 5), ("gpu-d10", 5), ("gpu-d10", 1), ("gpu-d12", 3), ("gpu-d10", 5),
               ("gpu-d10", 7), ("gpu-d04", 2), ("gpu-d10", 5), ("gpu-d12", 6), ("gpu-d10", 0)]
    for i, (h, l) in enumerate(talkers):
        pid = 77100 + nodes.index(h) * 13 + l
        out.append(nccl(h, pid, pid + 402, l,
                        "NET/IB: Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d"
                        % (bad_ip, 40000 + rng.randrange(20000), 0 if i % 2 else 1, "Send" if i % 2 else "Recv",
                           ip[h], bad_ip, l % 4), src="transport/net_ib.cc:2244", level="WARN"))
        out.append(nccl(h, pid, pid + 402, l, "transport/net.cc:1362 -> 6"))
        out.append(nccl(h, pid, pid + 402, l, "proxy.cc:726 -> 6"))
        out.append(nccl(h, pid, pid + 402, l, "proxy.cc:910 -> 6 [Progress Thread]"))
    for l in (2, 6):
        pid = 77100 + 6 * 13 + l
        out.append(nccl("gpu-d11", pid, pid + 402, l, "NET/IB : Got async event : port error", level="WARN"))
        out.append(nccl("gpu-d11", pid, pid + 402, l, "NET/IB : Got async event : port active", level="WARN"))
        out.append(nccl("gpu-d11", pid, pid + 402, l, "NET/IB : Got async event : port error", level="WARN"))
    # ranks on gpu-d10 raise
    for r in (40, 41, 45, 47):
        out.append("[rank%d]:[E%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"
                   % (r, c10d(plus(fault, 1), 402118000 + r)[1:], r))
        out.append("[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % r)
        out.append("[rank%d]:Last error:" % r)
        out.append("[rank%d]:NET/IB: Got completion from peer %s<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_1"
                   % (r, bad_ip, 51123 + r, ip["gpu-d10"], bad_ip))
    agent = 76990
    for i, h in enumerate(["gpu-d10", "gpu-d12", "gpu-d04"]):
        out.extend(elastic_sigterm(plus(fault, 4 + i), 310000, agent + i * 17,
                                   [77100 + nodes.index(h) * 13 + l for l in (2, 3, 4, 6)]))
    out.extend(torchrun_entry_traceback())
    root = {"time": (plus(fault, 2)).strftime("%Y-%m-%d_%H:%M:%S"), "host": "gpu-d10", "rank": 45,
            "local_rank": 5, "exitcode": -6, "pid": 77100 + 5 * 13 + 5,
            "traceback": ["Signal 6 (SIGABRT) received by PID %d" % (77100 + 5 * 13 + 5)]}
    fails = [{"time": root["time"], "host": "gpu-d10", "rank": 40 + l, "local_rank": l, "exitcode": -6,
              "pid": 77100 + 5 * 13 + l, "traceback": ["Signal 6 (SIGABRT) received by PID %d" % (77100 + 5 * 13 + l)]}
             for l in (0, 1, 7)]
    out.extend(child_failed_table("torchtitan/train.py", fails, root))
    out.append(srun_exit("gpu-d10", [5], code=1))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for h in nodes:
        if h != "gpu-d10":
            out.append(srun_exit(h, [nodes.index(h)], code=1 if h != "gpu-d11" else 143))
    slurm = join(out)

    boot = t0("2025-01-14 06:11:40")
    d = []
    def L(t, msg):
        d.append("%s %s" % (dmesg_T(t), msg))
    L(plus(boot, 6), "mlx5_core 0000:9c:00.0: firmware version: 28.39.2048")
    L(plus(boot, 7), "mlx5_core 0000:9c:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)")
    L(plus(boot, 12), "mlx5_core 0000:9c:00.0 ibp156s0: renamed from ib0")
    for k, s in enumerate([-2210, -1604, -61, -12, -3]):
        tt = plus(fault, s)
        L(tt, "mlx5_core 0000:9c:00.0: mlx5_port_module_event:1122:(pid 0): Port module event[error]: module 2, Cable error, Bus stuck (I2C or data shorted)" if k == 0
          else "mlx5_core 0000:9c:00.0: Port module event: module 2, Cable plugged")
        L(plus(tt, 1), "mlx5_core 0000:9c:00.0 ibp156s0: Link down")
        L(plus(tt, 4), "mlx5_core 0000:9c:00.0 ibp156s0: Link up")
    L(plus(fault, 2), "mlx5_core 0000:9c:00.0 ibp156s0: Link down")
    L(plus(fault, 2), "infiniband mlx5_2: mlx5_handle_error_cqe:332:(pid 0): WC error: 12, Message: transport retry counter exceeded")
    dmesg = join(d)

    ibstat = join([
        "CA 'mlx5_2'",
        "\tCA type: MT4129",
        "\tNumber of ports: 1",
        "\tFirmware version: 28.39.2048",
        "\tHardware version: 0",
        "\tNode GUID: 0xa088c20300b41c2e",
        "\tSystem image GUID: 0xa088c20300b41c2e",
        "\tPort 1:",
        "\t\tState: Down",
        "\t\tPhysical state: Polling",
        "\t\tRate: 10",
        "\t\tBase lid: 65535",
        "\t\tLMC: 0",
        "\t\tSM lid: 1",
        "\t\tCapability mask: 0xa751e848",
        "\t\tPort GUID: 0xa088c20300b41c2e",
        "\t\tLink layer: InfiniBand",
        "",
        "$ ibstat mlx5_0 | grep -E 'State|Rate'",
        "\t\tState: Active",
        "\t\tPhysical state: LinkUp",
        "\t\tRate: 400",
    ])
    label = {
        "category": "network", "layer": "infrastructure",
        "culprit": {"node": "gpu-d11", "rank": None},
        "action": "restart_without_node",
        "rationale": "Every NET/IB status=12 completion error, from several hosts, names peer 10.12.3.21 (gpu-d11), whose dmesg shows a flapping cable on mlx5_2 and whose ibstat shows the port Down/Polling; gpu-d10 is merely the loudest neighbour.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/905",
    }
    return {"name": "ch03_ib_status12_completion_errors",
            "files": {"slurm-%d.out" % job: slurm, "gpu-d11/dmesg.txt": dmesg, "gpu-d11/ibstat.txt": ibstat},
            "label": label}


# --------------------------------------------------------------------------
def ch04():
    """DeepSpeed fp16 run whose loss scale collapses after lr warmup."""
    rng = random.Random(8904)
    start = t0("2025-04-07 09:30:02")
    out = []
    host = "ml-node-21"
    out.append("[%s,114] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % ymd_hms(start))
    out.append("[%s,480] [INFO] [launch.py:256:main] process 20112 spawned with command: ['/usr/bin/python3', '-u', 'finetune.py', '--local_rank=0', '--deepspeed', 'ds_zero2_fp16.json', '--model_name_or_path', '/models/ziya-13b', '--learning_rate', '8e-4', '--warmup_steps', '200']" % ymd_hms(plus(start, 1)))
    out.append("[%s,101] [INFO] [comm.py:652:init_distributed] cdb=None" % ymd_hms(plus(start, 9)))
    out.append("[%s,102] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % ymd_hms(plus(start, 9)))
    out.append("[%s,774] [INFO] [config.py:1000:print] DeepSpeedEngine configuration:" % ymd_hms(plus(start, 95)))
    out.append("[%s,774] [INFO] [config.py:1004:print]   fp16_enabled ................. True" % ymd_hms(plus(start, 95)))
    out.append("[%s,774] [INFO] [config.py:1004:print]   bfloat16_enabled ............. False" % ymd_hms(plus(start, 95)))
    out.append("[%s,774] [INFO] [config.py:1004:print]   dynamic_loss_scale_args ...... {'init_scale': 65536, 'scale_window': 1000, 'delayed_shift': 2, 'consecutive_hysteresis': False, 'min_scale': 1}" % ymd_hms(plus(start, 95)))
    out.append("[%s,775] [INFO] [config.py:1004:print]   world_size ................... 16" % ymd_hms(plus(start, 95)))
    out.append("[%s,775] [INFO] [config.py:1004:print]   zero_optimization_stage ...... 2" % ymd_hms(plus(start, 95)))
    t = plus(start, 120)
    skipped = 0
    scale = 65536
    steps = 0
    for s in range(10, 420, 10):
        t = plus(t, 10 * 4.1)
        lr = 8e-4 * min(1.0, s / 200.0)
        loss = 1.92 - s * 0.0012 if s < 250 else 1.62 + (s - 250) * 0.01
        out.append("[%s,%03d] [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=%d, lr=[%.10f], mom=[(0.9, 0.95)]"
                   % (ymd_hms(t), rng.randrange(1000), s, skipped, lr))
        out.append("{'loss': %.4f, 'grad_norm': %s, 'learning_rate': %.10f, 'epoch': %.2f}"
                   % (loss, "%.4f" % (0.9 + s * 0.01) if s < 250 else "nan" if s > 300 else "%.2f" % (40 + s), lr, s / 2724.0))
        if s >= 260:
            for k in range(3 if s < 330 else 5):
                if scale <= 1:
                    break
                new = max(1, scale // 2)
                out.append("[%s,%03d] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d"
                           % (ymd_hms(plus(t, k)), rng.randrange(1000), scale, new))
                scale = new
                skipped += 1
        if scale <= 1 and s > 300:
            steps = s
            break
    tt = plus(t, 5)
    out.append("[%s,%03d] [INFO] [loss_scaler.py:190:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 1, but hysteresis is 2. Reducing hysteresis to 1" % (ymd_hms(tt), 17))
    for r in (0,):
        out.append("Traceback (most recent call last):")
        out.append('  File "/workspace/finetune.py", line 311, in <module>')
        out.append("    train()")
        out.append('  File "/workspace/finetune.py", line 305, in train')
        out.append("    trainer.train()")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 1938, in train')
        out.append("    return inner_training_loop(")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 2341, in _inner_training_loop')
        out.append("    self.accelerator.backward(loss, **kwargs)")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/accelerate/accelerator.py", line 2151, in backward')
        out.append("    self.deepspeed_engine_wrapped.backward(loss, **kwargs)")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/accelerate/utils/deepspeed.py", line 175, in backward')
        out.append("    self.engine.step()")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", line 2213, in step')
        out.append("    self._take_model_step(lr_kwargs)")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py", line 1825, in step')
        out.append("    self._update_scale(self.overflow)")
        out.append('  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/fp16/loss_scaler.py", line 175, in update_scale')
        out.append('    raise Exception(')
        out.append("Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.")
    out.append("[%s,220] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 20112" % ymd_hms(plus(tt, 3)))
    out.append("[%s,221] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 20113" % ymd_hms(plus(tt, 3)))
    out.append("[%s,690] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'finetune.py', '--local_rank=7', '--deepspeed', 'ds_zero2_fp16.json', '--model_name_or_path', '/models/ziya-13b', '--learning_rate', '8e-4', '--warmup_steps', '200'] exits with return code = 1" % ymd_hms(plus(tt, 4)))
    rank0 = join(out)
    cfg = join([
        "{",
        '  "train_micro_batch_size_per_gpu": 4,',
        '  "gradient_accumulation_steps": 8,',
        '  "gradient_clipping": 0.0,',
        '  "fp16": {',
        '    "enabled": true,',
        '    "loss_scale": 0,',
        '    "initial_scale_power": 16,',
        '    "loss_scale_window": 1000,',
        '    "hysteresis": 2,',
        '    "min_loss_scale": 1',
        "  },",
        '  "bf16": { "enabled": false },',
        '  "zero_optimization": { "stage": 2, "overlap_comm": true, "contiguous_gradients": true },',
        '  "optimizer": { "type": "AdamW", "params": { "lr": "auto", "betas": [0.9, 0.95], "eps": 1e-8, "weight_decay": 0.0 } }',
        "}",
    ])
    label = {
        "category": "numerical", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "After warmup to lr 8e-4 with fp16, no gradient clipping, grad norm explodes on the globally reduced loss, DeepSpeed skips steps until the scale reaches 1 and exits; this is the recipe (lr/fp16 for a bf16-pretrained model), reported on rank 0 for all 16 ranks, not a device.",
        "modelled_on": "https://github.com/yangjianxin1/Firefly/issues/68",
    }
    return {"name": "ch04_loss_scale_already_at_minimum",
            "files": {"%s/rank0.log" % host: rank0, "ds_zero2_fp16.json": cfg}, "label": label}


# --------------------------------------------------------------------------
def ch05():
    """Own CUDA OOM right after a config change."""
    job = 1190442
    host = "h100-p1-001"
    start = t0("2025-05-19 11:02:50")
    out = []
    out.append("[rank0]:[W%s Utils.hpp:135] Warning: Environment variable NCCL_ASYNC_ERROR_HANDLING is deprecated; use TORCH_NCCL_ASYNC_ERROR_HANDLING instead (function operator())" % c10d(plus(start, 14), 882100331, "")[0:])
    out.append("[2025-05-19 11:03:05,441][fsdp_train][INFO] - world_size=32 nodes=4 gpus_per_node=8")
    out.append("[2025-05-19 11:03:05,442][fsdp_train][INFO] - config: model=llama-34b seq_len=16384 micro_batch_size=4 grad_accum=2 activation_checkpointing=False sharding=FULL_SHARD mixed_precision=bf16")
    out.append("[2025-05-19 11:03:05,442][fsdp_train][INFO] - git diff vs last good run (job 1189907): seq_len 8192 -> 16384, micro_batch_size 2 -> 4, activation_checkpointing True -> False")
    out.append("[2025-05-19 11:04:41,019][fsdp_train][INFO] - FSDP wrapped model: 33.74B params, 1.05B per rank")
    out.append("[2025-05-19 11:04:44,201][fsdp_train][INFO] - starting step 1")
    tb = [
        "[rank0]: Traceback (most recent call last):",
        '[rank0]:   File "/app/fsdp_train.py", line 402, in <module>',
        "[rank0]:     main()",
        '[rank0]:   File "/app/fsdp_train.py", line 371, in main',
        "[rank0]:     loss = train_step(model, batch, optimizer)",
        '[rank0]:   File "/app/fsdp_train.py", line 212, in train_step',
        "[rank0]:     logits = model(input_ids=batch[\"input_ids\"]).logits",
        '[rank0]:   File "/usr/local/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1736, in _wrapped_call_impl',
        "[rank0]:     return self._call_impl(*args, **kwargs)",
        '[rank0]:   File "/usr/local/lib/python3.11/site-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py", line 863, in forward',
        "[rank0]:     output = self._fsdp_wrapped_module(*args, **kwargs)",
        '[rank0]:   File "/usr/local/lib/python3.11/site-packages/transformers/models/llama/modeling_llama.py", line 574, in forward',
        "[rank0]:     attn_weights = nn.functional.softmax(attn_weights, dim=-1, dtype=torch.float32).to(query_states.dtype)",
        "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 GiB. GPU 0 has a total capacity of 79.10 GiB of which 9.31 GiB is free. Including non-PyTorch memory, this process has 69.77 GiB memory in use. Of the allocated memory 62.02 GiB is allocated by PyTorch, and 6.12 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
    ]
    out.extend(tb)
    out.append("[rank0]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % c10d(plus(start, 118), 331904112, "")[0:])
    rank0 = join(out)
    sacct = join(sacct_table([
        (str(job), "llama34-16k", "h100", "4", "FAILED", "1:0", "00:02:09", "h100-p1-[001-004]"),
        ("%d.batch" % job, "batch", "", "1", "FAILED", "1:0", "00:02:09", "h100-p1-001"),
        ("%d.extern" % job, "extern", "", "4", "COMPLETED", "0:0", "00:02:09", "h100-p1-[001-004]"),
        ("%d.0" % job, "torchrun", "", "4", "FAILED", "1:0", "00:02:04", "h100-p1-[001-004]"),
        ("1189907", "llama34-8k", "h100", "4", "COMPLETED", "0:0", "1-06:12:44", "h100-p1-[001-004]"),
    ]) + ["",
          "$ sacct -j %d.0 -o JobID,NodeList,ExitCode,DerivedExitCode -p --noheader" % job,
          "%d.0|h100-p1-[001-004]|1:0|0:0|" % job,
          "$ grep -c 'torch.OutOfMemoryError' /shared/logs/llama34-16k/%d/rank*.log" % job,
          "/shared/logs/llama34-16k/%d/rank0.log:1" % job] +
          ["/shared/logs/llama34-16k/%d/rank%d.log:1" % (job, r) for r in range(1, 32)])
    label = {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "CUDA OOM at step 1 right after the user doubled seq_len and micro batch and switched off activation checkpointing; sacct shows every one of the 32 rank logs hit the same OutOfMemoryError on all four nodes, so it is the job's own memory footprint, not a device.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/123070",
    }
    return {"name": "ch05_out_of_memory_at_first_step",
            "files": {"%s/rank0.log" % host: rank0, "sacct.txt": sacct}, "label": label}


# --------------------------------------------------------------------------
def ch06():
    """PyTorchJob worker-3 fails; its node logged Xid 48 (DBE)."""
    rng = random.Random(8906)
    node = "gke-trn-a3mega-pool-2-7f2c9d1e-k8q1"
    start = t0("2025-06-02 04:10:00")
    fault = t0("2025-06-02 07:44:19")
    desc = join([
        "Name:         llm-pretrain-13b",
        "Namespace:    research-nlp",
        "Labels:       kueue.x-k8s.io/queue-name=a3mega-queue",
        "API Version:  kubeflow.org/v1",
        "Kind:         PyTorchJob",
        "Metadata:",
        "  Creation Timestamp:  %sZ" % iso(start),
        "Spec:",
        "  Elastic Policy:",
        "    Rdzv Backend:  c10d",
        "  Pytorch Replica Specs:",
        "    Master:",
        "      Replicas:        1",
        "      Restart Policy:  OnFailure",
        "    Worker:",
        "      Replicas:        3",
        "      Restart Policy:  OnFailure",
        "  Run Policy:",
        "    Backoff Limit:  0",
        "Status:",
        "  Completion Time:  %sZ" % iso(plus(fault, 631)),
        "  Conditions:",
        "    Last Transition Time:  %sZ" % iso(plus(start, 95)),
        "    Message:               PyTorchJob llm-pretrain-13b is running.",
        "    Reason:                PyTorchJobRunning",
        "    Status:                False",
        "    Type:                  Running",
        "    Last Transition Time:  %sZ" % iso(plus(fault, 631)),
        "    Message:               PyTorchJob llm-pretrain-13b is failed because 1 Worker replica(s) failed.",
        "    Reason:                PyTorchJobFailed",
        "    Status:                True",
        "    Type:                  Failed",
        "  Replica Statuses:",
        "    Master:",
        "      Failed:  1",
        "    Worker:",
        "      Failed:  3",
        "Events:",
        "  Type     Reason                   Age    From                   Message",
        "  ----     ------                   ----   ----                   -------",
        "  Normal   SuccessfulCreatePod      3h45m  pytorchjob-controller  Created pod: llm-pretrain-13b-master-0",
        "  Normal   SuccessfulCreatePod      3h45m  pytorchjob-controller  Created pod: llm-pretrain-13b-worker-0",
        "  Normal   SuccessfulCreatePod      3h45m  pytorchjob-controller  Created pod: llm-pretrain-13b-worker-1",
        "  Normal   SuccessfulCreatePod      3h45m  pytorchjob-controller  Created pod: llm-pretrain-13b-worker-2",
        "  Warning  Exited                   10m    pytorchjob-controller  Pod: research-nlp.llm-pretrain-13b-worker-2 exited with code 1",
        "  Warning  Exited                   10m    pytorchjob-controller  Pod: research-nlp.llm-pretrain-13b-master-0 exited with code 1",
        "  Warning  Exited                   10m    pytorchjob-controller  Pod: research-nlp.llm-pretrain-13b-worker-0 exited with code 1",
        "  Warning  Exited                   10m    pytorchjob-controller  Pod: research-nlp.llm-pretrain-13b-worker-1 exited with code 1",
        "  Normal   PyTorchJobFailed         10m    pytorchjob-controller  PyTorchJob llm-pretrain-13b is failed because 1 Worker replica(s) failed.",
        "",
        "$ kubectl get pods -n research-nlp -l training.kubeflow.org/job-name=llm-pretrain-13b -o wide",
        "NAME                         READY   STATUS   RESTARTS   AGE     IP            NODE",
        "llm-pretrain-13b-master-0    0/1     Error    0          3h45m   10.8.12.4     gke-trn-a3mega-pool-2-7f2c9d1e-2xw7",
        "llm-pretrain-13b-worker-0    0/1     Error    0          3h45m   10.8.14.9     gke-trn-a3mega-pool-2-7f2c9d1e-9vbn",
        "llm-pretrain-13b-worker-1    0/1     Error    0          3h45m   10.8.3.17     gke-trn-a3mega-pool-2-7f2c9d1e-hh5d",
        "llm-pretrain-13b-worker-2    0/1     Error    0          3h45m   10.8.9.2      %s" % node,
    ])
    # worker-2 = 4th node, ranks 24..31; GPU 2 -> rank 26
    pod = []
    for l in range(8):
        pod.append("[default%d]:%s" % (l, nccl("llm-pretrain-13b-worker-2", 211 + l, 611 + l, l,
                   "comm %s rank %d nranks 32 cudaDev %d nvmlDev %d busId %s commId 0x7ac41f9b20de11a5 - Init COMPLETE"
                   % (hexptr(rng), 24 + l, l, l, ["4000", "a000", "84000", "8a000", "104000", "10a000", "184000", "18a000"][l]))))
    t = plus(start, 140)
    it = 0
    while True:
        it += 50
        t = plus(t, 50 * 2.05)
        if t >= fault:
            break
        if it % 1000 == 0:
            pod.append("[default7]:[NeMo I %s nemo_logging:381] step=%d reduced_train_loss=%.4f lr=%.3e global_step=%d consumed_samples=%d train_step_timing in s=2.05"
                       % (ymd_hms(t), it, 2.9 - it * 0.00009, 2.0e-4, it, it * 512))
    pod.append("[default2]:[rank26]: Traceback (most recent call last):")
    for l in [
        '  File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 74, in main',
        "    trainer.fit(model)",
        '  File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", line 538, in fit',
        "    call._call_and_handle_interrupt(",
        '  File "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 373, in start_grad_sync',
        "    torch.distributed.reduce_scatter_tensor(",
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]:
        pod.append("[default2]:[rank26]: " + l)
    agent = 150
    pod.extend(elastic_sigterm(plus(fault, 2), 118020, agent, [211 + l for l in (0, 1, 3, 4, 5, 6, 7)]))
    pod.append(elastic_failed(plus(fault, 3), 401220, agent, 1, 2, 213, "/usr/bin/python"))
    pod.extend(torchrun_entry_traceback())
    pod.extend(child_failed_table("/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", [], {
        "time": plus(fault, 1).strftime("%Y-%m-%d_%H:%M:%S"), "host": "llm-pretrain-13b-worker-2", "rank": 26,
        "local_rank": 2, "exitcode": 1, "pid": 213,
        "error_file": "/tmp/torchelastic_p3k1_0w2/llm-pretrain-13b_6c0q1x9d/attempt_0/2/error.json",
        "traceback": ["Traceback (most recent call last):",
                      '  File "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 373, in start_grad_sync',
                      "    torch.distributed.reduce_scatter_tensor(",
                      "RuntimeError: CUDA error: uncorrectable ECC error encountered"]}))
    podlog = join(pod)

    boot = t0("2025-05-28 22:40:11")
    d = []
    def L(sec, msg):
        d.append("%s %s" % (uptime(sec), msg))
    L(3.912004, "nvidia-nvlink: Nvlink Core is being initialized, major device number 240")
    L(4.551239, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024")
    L(18.004512, "gve 0000:06:00.0: GVE version 1.4.1")
    L(212991.1, "NVRM: Xid (PCI:0000:8a:00): 13, pid=88201, name=python3, Graphics SM Warp Exception on (GPC 1, TPC 3, SM 0): Out Of Range Address")
    L(212991.1, "NVRM: Xid (PCI:0000:8a:00): 13, pid=88201, name=python3, Graphics Exception: ESR 0x51a730=0x201000e 0x51a734=0x20 0x51a728=0xc81eb60 0x51a72c=0x1174")
    fs = (fault - boot).total_seconds()
    L(fs, "NVRM: Xid (PCI:0000:84:00): 48, pid=201733, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.")
    L(fs + 0.000210, "NVRM: Xid (PCI:0000:84:00): 63, pid=201733, name=python, Row Remapper: New row (0x00000000002e91f4) marked for remapping, reset gpu to activate.")
    L(fs + 0.02, "NVRM: Xid (PCI:0000:84:00): 45, pid=201733, name=python, Ch 00000010")
    L(fs + 602.4, "NVRM: Xid (PCI:0000:84:00): 45, pid=201733, name=python, Ch 00000011")
    dmesg = join(d)
    label = {
        "category": "gpu_memory", "layer": "infrastructure",
        "culprit": {"node": node, "rank": 26},
        "action": "restart_without_node",
        "rationale": "Worker-2's pod on %s failed first with 'uncorrectable ECC error' on rank 26 (local GPU 2, busId 84000) and the node's dmesg has Xid 48 double-bit ECC on PCI 0000:84:00 at that moment; the Xid 13 days earlier was another job's bad pointer and the other pods only timed out." % node,
        "modelled_on": "https://github.com/vllm-project/vllm/issues/5222",
    }
    return {"name": "ch06_worker_pod_uncorrectable_ecc_error",
            "files": {"kubectl-describe.txt": desc, "%s/llm-pretrain-13b-worker-2.log" % node: podlog,
                      "%s/dmesg.txt" % node: dmesg},
            "label": label}


# --------------------------------------------------------------------------
def ch07():
    """Every rank times out in the same collective; nobody is missing."""
    rng = random.Random(8907)
    job = 66120
    nodes = ["sc-gpu%03d" % i for i in (112, 113, 114, 117, 118, 121)]
    start = t0("2025-02-26 18:20:44")
    hang = t0("2025-02-27 02:13:09")
    out = []
    out.append("+ srun -N 6 --ntasks-per-node=1 torchrun --nnodes=6 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=sc-gpu112:29400 --rdzv-id=66120 train_moe.py --config cfgs/moe_16x2b.yaml")
    for i, n in enumerate(nodes):
        out.append("%s %d torch/distributed/run.py:793] *****************************************" % (glog(plus(start, 3), 120100 + i, "W"), 1201 + i))
        out.append("%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (glog(plus(start, 3), 120200 + i, "W"), 1201 + i))
        out.append("%s %d torch/distributed/run.py:793] *****************************************" % (glog(plus(start, 3), 120300 + i, "W"), 1201 + i))
    t = plus(start, 150)
    step = 0
    while True:
        step += 25
        t = plus(t, 25 * 1.74)
        if t >= hang:
            break
        if step % 1000 == 0:
            out.append("[rank0]:%s | step %6d | loss %.4f | aux_loss %.4f | tok/s/gpu 9811 | step_time 1.74s" % (ymd_hms(t), step, 2.61 - step * 0.000012, 0.0123))
    seq = 1097231
    tm = plus(hang, 1800)
    ranks = list(range(48))
    rng.shuffle(ranks)
    for i, r in enumerate(ranks):
        for line in watchdog_timeout(r, plus(tm, i // 12), 51000000 + 131 * i * 1000, seq, "ALLTOALL_BASE", 117440512,
                                     1800000, 1800000 + 11 + i, seq + 1, seq - 1):
            out.append(line)
    for r in (0, 9, 40):
        out.extend(watchdog_abort_tail(r, seq, "ALLTOALL_BASE", 117440512, 1800000, 1800020 + r))
    for i, n in enumerate(nodes):
        agent = 1201 + i
        pids = [agent + 40 + l for l in range(8)]
        out.extend(elastic_sigterm(plus(tm, 3 + i), 882000, agent, pids[1:]))
        out.append(elastic_failed(plus(tm, 4 + i), 114000, agent, -6, 0, pids[0]))
    out.extend(torchrun_entry_traceback())
    out.extend(child_failed_table("train_moe.py", [], {
        "time": plus(tm, 4).strftime("%Y-%m-%d_%H:%M:%S"), "host": "sc-gpu112", "rank": 0, "local_rank": 0,
        "exitcode": -6, "pid": 1241, "traceback": ["Signal 6 (SIGABRT) received by PID 1241"]}))
    for i, n in enumerate(nodes):
        out.append(srun_exit(n, [i], code=1))
    out.append("")
    out.append("### operator note appended by collect-bundle.sh: py-spy dump --native on all 48 ranks at %s (before timeout)" % ymd_hms(plus(hang, 900)))
    out.append("### 48/48 ranks: MainThread in all_to_all_single (moe/dispatch.py:88) waiting on the NCCL work; no rank anywhere else, no rank missing")
    out.append("### flight recorder (TORCH_NCCL_TRACE_BUFFER_SIZE=2000) dump: all 48 ranks entries end at seq %d ALLTOALL_BASE state=started, sizes identical" % seq)
    slurm = join(out)
    label = {
        "category": "hang", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "All 48 ranks entered the same ALLTOALL_BASE (SeqNum %d, last completed %d) and sat there until the 30-min watchdog fired; py-spy and the flight recorder show no rank missing or elsewhere, so there is no identifiable stuck rank or code deadlock." % (seq, seq - 1),
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/1111",
    }
    return {"name": "ch07_all_ranks_watchdog_same_seqnum",
            "files": {"slurm-%d.out" % job: slurm}, "label": label}


# --------------------------------------------------------------------------
def ch08():
    """One node's driver is older than the container's CUDA."""
    rng = random.Random(8908)
    job = 93012
    nodes = ["gpu-e11", "gpu-e12", "gpu-e14", "gpu-e15"]
    start = t0("2025-03-18 10:00:02")
    out = []
    out.append("Job %d: 4 nodes (gpu-e[11-12,14-15]), image nvcr.io/nvidia/pytorch:24.05-py3 (CUDA 12.4.1)" % job)
    out.append("+ srun --label --ntasks-per-node=8 --container-image=nvcr.io#nvidia/pytorch:24.05-py3 python -u train_ddp.py --model resnet152 --batch-size 256 --epochs 90")
    for r in range(32):
        ni, l = divmod(r, 8)
        h = nodes[ni]
        if h == "gpu-e14":
            continue
        if r in (0, 8, 24):
            out.append("%d: %s" % (r, nccl(h, 30110 + r, 30110 + r, l, "cudaDriverVersion 12040")))
    for r in range(16, 24):
        l = r - 16
        out.append("%d: Traceback (most recent call last):" % r)
        out.append('%d:   File "/workspace/train_ddp.py", line 58, in <module>' % r)
        out.append("%d:     torch.cuda.set_device(local_rank)" % r)
        out.append('%d:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 399, in set_device' % r)
        out.append("%d:     torch._C._cuda_setDevice(device)" % r)
        out.append('%d:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 302, in _lazy_init' % r)
        out.append("%d:     torch._C._cuda_init()" % r)
        out.append("%d: RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver." % r)
    out.append(srun_exit("gpu-e14", list(range(16, 24)), code=1))
    tw = plus(start, 61 + 1800)
    for r in [0, 5, 9, 13, 27, 31]:
        out.append("%d: [rank%d]: Traceback (most recent call last):" % (r, r))
        out.append('%d: [rank%d]:   File "/workspace/train_ddp.py", line 61, in <module>' % (r, r))
        out.append("%d: [rank%d]:     dist.init_process_group(\"nccl\", timeout=timedelta(minutes=30))" % (r, r))
        out.append('%d: [rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py", line 269, in _env_rendezvous_handler' % (r, r))
        out.append("%d: [rank%d]:     store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)" % (r, r))
        out.append("%d: [rank%d]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined." % (r, r) if r == 0 else
                   "%d: [rank%d]: torch.distributed.DistStoreError: wait timeout after 1800000ms, keys: /default_pg/0//cuda//0" % (r, r))
    for h, tasks in (("gpu-e11", range(0, 8)), ("gpu-e12", range(8, 16)), ("gpu-e15", range(24, 32))):
        out.append(srun_exit(h, list(tasks), code=1))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    slurm = join(out)
    smi = join([
        "Tue Mar 18 10:41:55 2025       ",
        "+---------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI 470.199.02   Driver Version: 470.199.02   CUDA Version: 11.4              |",
        "|-----------------------------------------+----------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                      |               MIG M. |",
        "|=========================================+======================+======================|",
    ] + sum([[
        "|   %d  NVIDIA A100-SXM4-80GB          On  | 00000000:%s:00.0 Off |                    0 |" % (g, b),
        "| N/A   %dC    P0              %dW / 400W |      4MiB / 81920MiB |      0%%      Default |" % (31 + g % 3, 61 + g),
        "|                                         |                      |             Disabled |",
        "+-----------------------------------------+----------------------+----------------------+",
    ] for g, b in enumerate(["07", "0F", "47", "4E", "87", "90", "B7", "BD"])], []) + [
        "",
        "+---------------------------------------------------------------------------------------+",
        "| Processes:                                                                            |",
        "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
        "|        ID   ID                                                             Usage      |",
        "|=======================================================================================|",
        "|  No running processes found                                                           |",
        "+---------------------------------------------------------------------------------------+",
        "",
        "$ cat /etc/motd | head -3",
        "gpu-e14: reimaged 2025-03-14 from golden image 'dgx-a100-2021q4' (ticket HPC-7731, mainboard swap)",
        "$ clush -w gpu-e[11-12,15] nvidia-smi --query-gpu=driver_version --format=csv,noheader -N | sort | uniq -c",
        "     24 550.54.15",
    ])
    label = {
        "category": "dependency", "layer": "infrastructure",
        "culprit": {"node": "gpu-e14", "rank": None},
        "action": "restart_without_node",
        "rationale": "Only the eight tasks on gpu-e14 fail with 'NVIDIA driver on your system is too old (found version 11040)'; gpu-e14 runs driver 470.199.02 (CUDA 11.4) after a reimage while the other nodes run 550 and report cudaDriverVersion 12040; the rendezvous timeouts elsewhere are sympathetic.",
        "modelled_on": "https://github.com/mlcommons/inference/issues/54",
    }
    return {"name": "ch08_driver_too_old_on_eight_tasks",
            "files": {"slurm-%d.out" % job: slurm, "gpu-e14/nvidia-smi.txt": smi}, "label": label}


CASES = [ch01, ch02, ch03, ch04, ch05, ch06, ch07, ch08]
