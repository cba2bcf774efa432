"""Ray Train (TorchTrainer) incidents: driver log with ANSI prefixes, per-node kernel logs."""
import random

from kit import Case, T, sec, pylog, dmesg_T

RAY = "/home/ray/anaconda3/lib/python3.10/site-packages"


def _pfx(kind, pid, ip=None):
    inner = "(%s pid=%d%s)" % (kind, pid, "" if ip is None else ", ip=%s" % ip)
    return "\x1b[2m\x1b[36m" + inner + "\x1b[0m "


def _status_block(t, started, gpus, cpus, logdir):
    el = t - started
    h = int(el.total_seconds()) // 3600
    m = (int(el.total_seconds()) % 3600) // 60
    s = int(el.total_seconds()) % 60
    return [
        "== Status ==",
        "Current time: %s (running for %02d:%02d:%02d.%02d)" % (t.strftime("%Y-%m-%d %H:%M:%S"), h, m, s, (t.microsecond // 10000)),
        "Using FIFO scheduling algorithm.",
        "Logical resource usage: 1.0/%d CPUs, %d.0/%d GPUs (0.0/1.0 accelerator_type:H100)" % (cpus, gpus, gpus),
        "Result logdir: %s" % logdir,
        "Number of trials: 1/1 (1 RUNNING)",
        "",
    ]


def _dmesg_boot(host, boot, rng, extra=()):
    L = []
    items = [
        (5.1, "nvidia: loading out-of-tree module taints kernel."),
        (5.3, "nvidia-nvlink: Nvlink Core is being initialized, major device number 508"),
        (6.0, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (9.4, "mlx5_core 0000:1a:00.0: Port module event: module 0, Cable plugged"),
        (11.8, "mlx5_core 0000:1a:00.0 ibp26s0: Link up"),
        (14.2, "nvidia-fabricmanager[3121]: Successfully configured all the available NVSwitches to route GPU NVLink traffic."),
        (62.0, "EXT4-fs (nvme1n1): mounted filesystem 7d1c2e55-8a8b-4e36-9b52-2c1b7a0e8b11 r/w with ordered data mode. Quota mode: none."),
    ] + list(extra)
    for off, msg in sorted(items):
        L.append("%s %s" % (dmesg_T(boot + sec(off)), msg))
    return L


# ============================================================ uncorrectable ECC under Ray Train
def ray_train_worker_actor_died(name):
    rng = random.Random(6407)
    c = Case(name)
    hosts = ["gpu-h100-r3-04", "gpu-h100-r3-05", "gpu-h100-r3-07", "gpu-h100-r3-10"]
    ips = ["10.12.8.30", "10.12.8.31", "10.12.8.33", "10.12.8.36"]
    node_ids = ["%056x" % rng.getrandbits(224) for _ in hosts]
    t0 = T(2024, 9, 12, 10, 2, 11, 412000)
    tf = T(2024, 9, 12, 13, 41, 52, 870000)
    logdir = "/home/ray/ray_results/TorchTrainer_2024-09-12_10-02-11"
    pids = {}
    L = []
    L.append("%s\tINFO worker.py:1603 -- Connecting to existing Ray cluster at address: 10.12.8.30:6379..." % pylog(t0))
    L.append("%s\tINFO worker.py:1779 -- Connected to Ray cluster. View the dashboard at \x1b[1m\x1b[32mhttp://10.12.8.30:8265 \x1b[39m\x1b[22m" % pylog(t0 + sec(0.02)))
    L.append("%s\tINFO tune.py:616 -- [output] This uses the legacy output and progress reporter, as Jupyter notebooks are not supported by the new engine, yet. For more information, please see https://github.com/ray-project/ray/issues/36949" % pylog(t0 + sec(0.4)))
    L.extend(_status_block(t0 + sec(1), t0, 32, 416, logdir))
    tp = 77120
    L.append(_pfx("TrainTrainable", tp, ips[0]) + "Trainable.setup took 11.204 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads.")
    L.append(_pfx("TorchTrainer", tp, ips[0]) + "Started distributed worker processes: ")
    for r in range(32):
        n = r // 8
        pid = 18700 + n * 31 + (r % 8) * 13 + rng.randint(0, 4)
        if r == 21:
            pid = 18812
        pids[r] = pid
        L.append(_pfx("TorchTrainer", tp, ips[0]) + "- (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % (node_ids[n], ips[n], pid, r, r % 8, n))
    for r in range(32):
        L.append(_pfx("RayTrainWorker", pids[r], None if r < 8 else ips[r // 8]) + "Setting up process group for: env:// [rank=%d, world_size=32]" % r)
    L.append(_pfx("RayTrainWorker", pids[0]) + "[W socket.cpp:697] [c10d] The client socket has failed to connect to [gpu-h100-r3-04]:47113 (errno: 99 - Cannot assign requested address).")
    L.append(_pfx("RayTrainWorker", pids[0]) + "Moving model to device: cuda:0")
    L.append(_pfx("RayTrainWorker", pids[0]) + "Wrapping provided model in DistributedDataParallel.")
    t = t0 + sec(60)
    it = 0
    while True:
        t = t + sec(600 + rng.random() * 3)
        if t >= tf - sec(30):
            break
        it += 1
        L.extend(_status_block(t, t0, 32, 416, logdir))
        L.append(_pfx("RayTrainWorker", pids[0]) + "[%s] step %d loss=%.4f lr=%.2e tokens/s=%d" % (pylog(t), it * 500, 2.9 - it * 0.031 + rng.gauss(0, 0.01), 3e-4, 1_630_000 + rng.randint(0, 30000)))
        L.append(_pfx("RayTrainWorker", pids[0]) + "Checkpoint successfully created at: Checkpoint(filesystem=local, path=/mnt/shared/ray_ckpt/TorchTrainer_c81e7_00000_0_2024-09-12_10-02-11/checkpoint_%06d)" % (it - 1))
    # failure on rank 21
    p21 = _pfx("RayTrainWorker", 18812, ips[2])
    L.append(p21 + "[rank21]:[E0912 %s.%06d102 ProcessGroupNCCL.cpp:1515] [PG 0 Rank 21] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered" % (tf.strftime("%H:%M:%S"), tf.microsecond))
    L.append(p21 + "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")
    L.append(p21 + "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.")
    L.append(p21 + "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    L.append(p21 + "")
    L.append(p21 + "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):")
    L.append(p21 + "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f61c3b7a897 in %s/torch/lib/libc10.so)" % RAY)
    L.append(p21 + "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f61c3b2ab25 in %s/torch/lib/libc10.so)" % RAY)
    L.append(p21 + "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f61c3c52718 in %s/torch/lib/libc10_cuda.so)" % RAY)
    L.append(p21 + "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f61c4e5a8e6 in %s/torch/lib/libtorch_cuda.so)" % RAY)
    L.append(p21 + "")
    L.append(p21 + "terminate called after throwing an instance of 'c10::DistBackendError'")
    L.append(p21 + "*** SIGABRT received at time=1726148512 on cpu 113 ***")
    L.append("%s\tWARNING worker.py:2067 -- A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. RayTask ID: ffffffffffffffff%024x Worker ID: %056x Node ID: %s Worker IP address: %s Worker port: 10094 Worker PID: 18812 Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors." % (
        pylog(tf + sec(1.6)), rng.getrandbits(96), rng.getrandbits(224), node_ids[2], ips[2]))
    # sympathetic errors elsewhere
    for r in (3, 12, 29, 17):
        tt = tf + sec(4 + rng.random() * 2)
        pr = _pfx("RayTrainWorker", pids[r], None if r < 8 else ips[r // 8])
        L.append(pr + "[rank%d]:[E0912 %s.%06d339 ProcessGroupNCCL.cpp:1595] [PG 0 Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, tt.strftime("%H:%M:%S"), tt.microsecond, r))
        L.append(pr + "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
        L.append(pr + "Last error:")
        L.append(pr + "NET/IB : Got completion from peer 10.12.8.33<51%03d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:10.12.8.33" % (rng.randint(0, 999), ips[r // 8]))
    te = tf + sec(9.3)
    L.append("%s\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_c81e7_00000" % pylog(te))
    tb = [
        "Traceback (most recent call last):",
        '  File "%s/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future' % RAY,
        "    result = ray.get(future)",
        '  File "%s/ray/_private/auto_init_hook.py", line 21, in auto_init_wrapper' % RAY,
        "    return fn(*args, **kwargs)",
        '  File "%s/ray/_private/client_mode_hook.py", line 103, in wrapper' % RAY,
        "    return func(*args, **kwargs)",
        '  File "%s/ray/_private/worker.py", line 2691, in get' % RAY,
        "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
        '  File "%s/ray/_private/worker.py", line 871, in get_objects' % RAY,
        "    raise value.as_instanceof_cause()",
        "ray.exceptions.RayTaskError(ActorDiedError): \x1b[36mray::_Inner.train()\x1b[39m (pid=77120, ip=10.12.8.30, actor_id=%032x, repr=TorchTrainer)" % rng.getrandbits(128),
        '  File "%s/ray/tune/trainable/trainable.py", line 331, in train' % RAY,
        "    raise skipped from exception_cause(skipped)",
        '  File "%s/ray/train/_internal/utils.py", line 57, in check_for_failure' % RAY,
        "    ray.get(object_ref)",
        "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.",
        "\tclass_name: RayTrainWorker",
        "\tactor_id: %032x" % rng.getrandbits(128),
        "\tpid: 18812",
        "\tnamespace: 0f4ad0c1-2b8e-4c63-8f0a-6f5f8a2e91d4",
        "\tip: 10.12.8.33",
        "The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors.",
    ]
    L.extend(tb)
    L.append("")
    L.append("Training errored after %d iterations at %s. Total running time: 3h 39min 51s" % (it, (te + sec(0.2)).strftime("%Y-%m-%d %H:%M:%S")))
    L.append("Error file: %s/TorchTrainer_c81e7_00000_0_2024-09-12_10-02-11/error.txt" % logdir)
    c.add("ray_job_logs_raysubmit_Qm4sTz9KfL2x.txt", "\n".join(L))
    c.add("ray_list_nodes.txt", "\n".join(
        ["======== List: 2024-09-12 13:52:40.118234 ========", "Stats:", "------------------------------", "Total: 4", "",
         "Table:", "------------------------------",
         "    NODE_ID                                                   NODE_IP     IS_HEAD_NODE    STATE    NODE_NAME    RESOURCES_TOTAL"] +
        [" %d  %s  %-11s %-15s ALIVE    %-12s CPU: 104.0, GPU: 8.0, memory: 1.6TiB" % (k, node_ids[k], ips[k], "True" if k == 0 else "False", ips[k]) for k in range(4)]))
    boots = [T(2024, 8, 28, 6, 10, 2), T(2024, 8, 30, 19, 44, 51), T(2024, 9, 1, 8, 2, 17), T(2024, 8, 28, 6, 11, 40)]
    for k, h in enumerate(hosts):
        extra = []
        if k == 1:
            extra.append((3 * 86400 + 4411.2, "NVRM: Xid (PCI:0000:5d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked for remapping, reset gpu to activate."))
        if k == 2:
            off = (tf - boots[2]).total_seconds() - 0.7
            extra += [
                (off + 0.001, "NVRM: Xid (PCI:0000:9d:00): 95, pid=18812, name=ray::RayTrainW, Uncontained: FBHUB. RST: Yes, D-RST: No"),
                (off + 2.4, "NVRM: Xid (PCI:0000:9d:00): 45, pid=18812, name=ray::RayTrainW, Ch 00000008"),
                (off + 2.4, "NVRM: Xid (PCI:0000:9d:00): 45, pid=18812, name=ray::RayTrainW, Ch 00000009"),
            ]
        if k == 3:
            extra.append((2 * 86400 + 133.0, "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x81f2a1 offset:0x340 grain:32 syndrome:0x0 - err_code:0x0000:0x0090)"))
        c.add("%s/dmesg_-T.txt" % h, "\n".join(_dmesg_boot(h, boots[k], rng, extra)))
        c.add("%s/ip_-4_-br_addr.txt" % h, "lo               UNKNOWN        127.0.0.1/8 \nbond0            UP             %s/22 \nibp26s0          UP             192.168.30.%d/16 " % (ips[k], 30 + k))
    c.add("%s/nvidia-smi_-q_-i_5.txt" % hosts[2], "\n".join([
        "==============NVSMI LOG==============",
        "", "Timestamp                                 : Thu Sep 12 13:58:02 2024",
        "Driver Version                            : 550.90.07", "CUDA Version                              : 12.4", "",
        "Attached GPUs                             : 8",
        "GPU 00000000:9D:00.0",
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    Minor Number                          : 5",
        "    ECC Mode",
        "        Current                           : Enabled",
        "        Pending                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 14",
        "            DRAM Uncorrectable            : 2",
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 31",
        "            DRAM Uncorrectable            : 2",
        "    Retired Pages",
        "        Single Bit ECC                    : N/A",
        "        Double Bit ECC                    : N/A",
        "        Pending Page Blacklist            : N/A",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 0",
        "        Pending                           : Yes",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
    ]))
    c.set_label("gpu_memory", "infrastructure", hosts[2], 21, "restart_without_node",
                "Ray Train world_rank 21 (pid 18812 on 10.12.8.33 = gpu-h100-r3-07, local_rank 5) died with 'uncorrectable ECC error encountered' at the same second the node logged Xid 95 (uncontained ECC) on 0000:9d:00; nvidia-smi still shows the row remap pending. The other ranks' NCCL errors accuse 10.12.8.33.",
                "https://github.com/ray-project/ray/issues/31828")
    return c


# ============================================================ checkpoint upload credentials expired
def ray_checkpoint_report_fails(name):
    rng = random.Random(6408)
    c = Case(name)
    hosts = ["trn-g5-a01", "trn-g5-a02", "trn-g5-a03"]
    ips = ["172.20.5.11", "172.20.5.12", "172.20.5.13"]
    t0 = T(2024, 9, 20, 11, 2, 9, 300000)
    expiry = T(2024, 9, 20, 17, 2, 9)
    logdir = "s3://ml-ckpt-prod/llm-ft"
    run = "TorchTrainer_2024-09-20_11-02-09"
    pids = {}
    L = []
    L.append("%s\tINFO worker.py:1603 -- Connecting to existing Ray cluster at address: 172.20.5.11:6379..." % pylog(t0))
    L.append("%s\tINFO worker.py:1779 -- Connected to Ray cluster. View the dashboard at \x1b[1m\x1b[32mhttp://172.20.5.11:8265 \x1b[39m\x1b[22m" % pylog(t0 + sec(0.02)))
    L.append("%s\tINFO storage.py:566 -- Using storage_path=s3://ml-ckpt-prod/llm-ft (pyarrow S3FileSystem, region us-east-1)" % pylog(t0 + sec(0.5)))
    tp = 9120
    L.append(_pfx("TorchTrainer", tp, ips[0]) + "Started distributed worker processes: ")
    for r in range(24):
        n = r // 8
        pid = 9300 + n * 200 + (r % 8) * 7
        pids[r] = pid
        L.append(_pfx("TorchTrainer", tp, ips[0]) + "- (node_id=%056x, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % (rng.getrandbits(224), ips[n], pid, r, r % 8, n))
    L.append(_pfx("RayTrainWorker", pids[0]) + "[%s] INFO creds: boto3 session from env AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN (sts assumed-role ml-train-runner, expires %s)" % (pylog(t0 + sec(20)), expiry.strftime("%Y-%m-%dT%H:%M:%SZ")))
    t = t0 + sec(60)
    ck = 0
    tfail = None
    while True:
        t = t + sec(1800 + rng.random() * 20)
        L.append(_pfx("RayTrainWorker", pids[0]) + "[%s] INFO epoch %d step %d loss %.4f eval_loss %.4f" % (pylog(t), ck // 2, (ck + 1) * 900, 1.41 - ck * 0.02 + rng.gauss(0, 0.005), 1.52 - ck * 0.018))
        if ck == 5:
            tr = t + sec(31)
            L.append(_pfx("RayTrainWorker", pids[11], ips[1]) + "[%s] WARNING storage: AWS Error NETWORK_CONNECTION during HeadObject operation: curlCode: 28, Timeout was reached (key llm-ft/%s/.validate_storage_marker); retrying 1/3" % (pylog(tr), run))
            L.append(_pfx("RayTrainWorker", pids[11], ips[1]) + "[%s] INFO storage: HeadObject ok after retry" % pylog(tr + sec(4)))
        if t > expiry:
            tfail = t + sec(22)
            break
        L.append(_pfx("RayTrainWorker", pids[0]) + "Checkpoint successfully created at: Checkpoint(filesystem=s3, path=ml-ckpt-prod/llm-ft/%s/TorchTrainer_5a0e2_00000_0_2024-09-20_11-02-09/checkpoint_%06d)" % (run, ck))
        ck += 1
    failing = sorted(rng.sample(range(24), 9))
    per_node = {0: [], 1: [], 2: []}
    for n_, r in enumerate(failing):
        tt = tfail + sec(n_ * 0.031)
        pr = _pfx("RayTrainWorker", pids[r], None if r < 8 else ips[r // 8])
        key = "llm-ft/%s/TorchTrainer_5a0e2_00000_0_2024-09-20_11-02-09/checkpoint_%06d/shard_rank%02d.safetensors" % (run, ck, r)
        msg = "OSError: When initiating multiple part upload for key '%s' in bucket 'ml-ckpt-prod': AWS Error ACCESS_DENIED during CreateMultipartUpload operation: The provided token has expired." % key
        L.append(pr + "Traceback (most recent call last):")
        L.append(pr + '  File "/home/ray/train_llm.py", line 214, in train_loop_per_worker')
        L.append(pr + "    ray.train.report(metrics, checkpoint=Checkpoint.from_directory(tmp))")
        L.append(pr + '  File "%s/ray/train/_internal/session.py", line 663, in report' % RAY)
        L.append(pr + "    persisted_checkpoint = self.storage.persist_current_checkpoint(checkpoint)")
        L.append(pr + '  File "%s/ray/train/_internal/storage.py", line 558, in persist_current_checkpoint' % RAY)
        L.append(pr + "    _pyarrow_fs_copy_files(")
        L.append(pr + '  File "%s/ray/train/_internal/storage.py", line 116, in _pyarrow_fs_copy_files' % RAY)
        L.append(pr + "    return pyarrow.fs.copy_files(")
        L.append(pr + '  File "%s/pyarrow/fs.py", line 269, in copy_files' % RAY)
        L.append(pr + "    _copy_files_selector(source_fs, source_sel,")
        L.append(pr + '  File "pyarrow/_fs.pyx", line 1627, in pyarrow._fs._copy_files_selector')
        L.append(pr + '  File "pyarrow/error.pxi", line 92, in pyarrow.lib.check_status')
        L.append(pr + msg)
        per_node[r // 8].append((tt, r, key))
    te = tfail + sec(6)
    L.append("%s\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_5a0e2_00000" % pylog(te))
    L.append("ray.exceptions.RayTaskError(OSError): \x1b[36mray::_RayTrainWorker__execute.get_next()\x1b[39m (pid=%d, ip=%s, actor_id=%032x, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f0c2a1f3e50>)" % (pids[failing[0]], ips[failing[0] // 8], rng.getrandbits(128)))
    L.append("OSError: When initiating multiple part upload for key '%s' in bucket 'ml-ckpt-prod': AWS Error ACCESS_DENIED during CreateMultipartUpload operation: The provided token has expired." % per_node[failing[0] // 8][0][2])
    L.append("")
    L.append("Training errored after %d iterations at %s. Total running time: 6h 31min 2s" % (ck + 1, (te + sec(0.3)).strftime("%Y-%m-%d %H:%M:%S")))
    c.add("ray_job_logs_raysubmit_u2Vb8NcPz1Qe.txt", "\n".join(L))
    for n, h in enumerate(hosts):
        W = ["[%s] ray worker log: /tmp/ray/session_2024-09-20_10-58-44_201877_1/logs" % h]
        for tt, r, key in per_node[n]:
            W.append("%s\tERROR session.py:672 -- [rank %d] checkpoint upload failed: s3://ml-ckpt-prod/%s: ACCESS_DENIED (The provided token has expired.)" % (pylog(tt), r, key))
        if not per_node[n]:
            W.append("%s\tINFO worker_group.py:245 -- worker group shutting down (peer failure)" % pylog(te + sec(1)))
        c.add("%s/worker_errors.log" % h, "\n".join(W))
        c.add("%s/aws_sts_get-caller-identity.txt" % h, "\nAn error occurred (ExpiredToken) when calling the GetCallerIdentity operation: The security token included in the request is expired\n")
    c.set_label("storage", "infrastructure", None, None, "stop",
                "Checkpoint uploads to s3://ml-ckpt-prod fail on workers of all three nodes with ACCESS_DENIED 'The provided token has expired', right after the assumed-role session token's 17:02 expiry; sts on every node confirms ExpiredToken. Shared object-store credentials need a person, no node is at fault (the earlier HeadObject timeout was retried successfully).",
                "https://github.com/ray-project/ray/issues/50823")
    return c
