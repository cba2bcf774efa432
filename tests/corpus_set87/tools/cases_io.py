"""Shared services: NFS PVC, Lustre quota, S3, cluster DNS."""

from kit import (PY, T, plus, glog, elastic, pylog, dmesg, dmesg_T, syslog,
                 pods_wide, events, tb, rank_prefix, watchdog_timeout,
                 child_failed, nccl_init, lines, Log, dumps, table)


# =========================================================================
def cf13():
    """GKE + Filestore (NFS) PVC; checkpoint write blocks on every node."""
    job = "gemma-cpt"
    nodes = ["gke-a2-ultra-pool-0c7d12ab-6fmq", "gke-a2-ultra-pool-0c7d12ab-b1xn",
             "gke-a2-ultra-pool-0c7d12ab-k4wz", "gke-a2-ultra-pool-0c7d12ab-s9dp"]
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, i) for i in range(3)]
    ips = ["10.92.%d.21" % i for i in range(4)]
    t0 = T(2024, 5, 28, 0, 30, 0)
    tc = T(2024, 5, 28, 3, 20, 0, 250000)   # checkpoint start
    files = {}
    for n in range(4):
        L = Log()
        L.add(plus(t0, 30), nccl_init(pods[n], 90, 0, n * 8, 32, ip=ips[n], net="Socket"))
        if n == 0:
            for k in range(10):
                tt = plus(t0, 900 + k * 1000)
                if tt < tc:
                    L.add(tt, "Epoch 0:  %2d%%|%s| %d/20000 [%d:%02d:%02d<%d:%02d:00, 0.47it/s, v_num=3, train/loss=%.3f]" % (
                        (400 + k * 470) * 100 // 20000, "#" * ((400 + k * 470) // 2000), 400 + k * 470, (900 + k * 1000) // 3600, (900 + k * 1000) // 60 % 60, (900 + k * 1000) % 60, 11 - k // 2, 59 - k * 3, 2.02 - k * 0.01))
            L.add(tc, "%s - INFO - lightning.pytorch.callbacks.model_checkpoint - Epoch 0, global step 5000: 'train/loss' reached 1.91244 (best 1.91244), saving model to '/mnt/ckpt/gemma-cpt/step=5000' as top 1" % pylog(tc))
        tw = plus(tc, 1800.3 + n * 0.1)
        for lr in (0, 4):
            L.add(plus(tw, lr * 0.01), watchdog_timeout(n * 8 + lr, plus(tw, lr * 0.01), 95217, "ALLREDUCE", 1, timeout_ms=1800000, frames=(lr == 0 and n == 2)))
        te = plus(tw, 2)
        L.add(te, elastic("E", te, 140501, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 0 (pid: 90) of binary: /usr/bin/python3"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
        up = 403112.0 + n * 977
        files["%s/dmesg.txt" % nodes[n]] = lines(
            dmesg(up - 8221.0, "IPv6: ADDRCONF(NETDEV_CHANGE): gke3c09a1e7f52: link becomes ready"),
            dmesg(up + 14.2, "nfs: server 10.94.0.2 not responding, still trying"),
            dmesg(up + 14.2, "nfs: server 10.94.0.2 not responding, still trying"),
            dmesg(up + 246.8, "INFO: task pt_main_thread:%d blocked for more than 120 seconds." % (4412 + n)),
            dmesg(up + 246.8, "      Not tainted 6.1.75+ #1"),
            dmesg(up + 246.8, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
            dmesg(up + 246.8, "task:pt_main_thread  state:D stack:0     pid:%d  ppid:90     flags:0x00004002" % (4412 + n)),
            dmesg(up + 246.8, "Call Trace:"),
            dmesg(up + 246.8, " <TASK>"),
            dmesg(up + 246.8, " __schedule+0x3c6/0xa30"),
            dmesg(up + 246.8, " rpc_wait_bit_killable+0x11/0x70 [sunrpc]"),
            dmesg(up + 246.8, " nfs_file_fsync+0x45/0x190 [nfs]"),
            dmesg(up + 246.8, " filp_close+0x2f/0x70"),
            dmesg(up + 2611.5, "nfs: server 10.94.0.2 OK"),
        )
    files["%s/py-spy-dump-rank0.txt" % nodes[0]] = lines(
        "Process 91: /usr/bin/python3 -u pretrain.py fit --config configs/gemma_cpt.yaml",
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        "Thread 91 (active): \"MainThread\"",
        "    write (torch/serialization.py:862)",
        "    _save (torch/serialization.py:853)",
        "    save (torch/serialization.py:629)",
        "    save (torch/distributed/checkpoint/filesystem.py:468)",
        "    _write_files_from_queue (torch/distributed/checkpoint/filesystem.py:391)",
        "    save_checkpoint (lightning/fabric/strategies/fsdp.py:602)",
        "    _save_checkpoint (lightning/pytorch/callbacks/model_checkpoint.py:389)",
        "Thread 612 (idle): \"Thread-3 (_pin_memory_loop)\"",
        "    select (selectors.py:416)")
    files["pvc.yaml"] = lines("apiVersion: v1", "kind: PersistentVolumeClaim", "metadata:", "  name: ckpt-rwx",
                              "spec:", "  accessModes: [ReadWriteMany]", "  storageClassName: filestore-enterprise-rwx",
                              "  resources:", "    requests:", "      storage: 10Ti", "status:", "  phase: Bound",
                              "# Filestore instance ckpt-shared (10.94.0.2:/vol1)")
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Error", "0", "3h21m", ips[i], nodes[i]) for i in range(4)])
    label = dict(category="storage", layer="infrastructure", culprit=None, action="restart",
                 rationale="At the step-5000 sharded checkpoint every node logged 'nfs: server 10.94.0.2 not responding' and hung tasks in nfs_file_fsync; all ranks sat in the post-save barrier until the 30-min watchdog. The shared Filestore recovered ('server OK') by itself, so restarting from the last good checkpoint is the fix.",
                 modelled_on="https://github.com/kubernetes/kubernetes/issues/90593")
    return "cf13_all_ranks_timeout_after_checkpoint_started", label, files


# =========================================================================
def cf14():
    """EKS + FSx for Lustre PVC; rank 0's full-state-dict save hits project quota."""
    job = "qwen-sft"
    nodes = ["ip-10-3-21-88.us-west-2.compute.internal", "ip-10-3-22-140.us-west-2.compute.internal",
             "ip-10-3-20-7.us-west-2.compute.internal"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job]
    ips = ["10.3.21.91", "10.3.22.17", "10.3.20.54"]
    t0 = T(2024, 8, 19, 6, 0, 0)
    ts = T(2024, 8, 19, 9, 31, 10)
    files = {}
    for n in range(3):
        L = Log()
        if n == 0:
            for k in range(10):
                tt = plus(t0, 600 + k * 1200)
                if tt < ts:
                    L.add(tt, "{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (0.88 - k * 0.02, 0.61, 1e-5, 0.2 + k * 0.08))
            L.add(ts, "[INFO|trainer.py:3503] %s >> Saving model checkpoint to /fsx/qwen-sft/checkpoint-6000" % pylog(ts))
            tt = plus(ts, 212)
            L.add(tt, rank_prefix(0, tb([
                ("/workspace/sft.py", 177, "<module>", "trainer.train()"),
                (PY + "/transformers/trainer.py", 2052, "train", "return inner_training_loop("),
                (PY + "/transformers/trainer.py", 2487, "_inner_training_loop", "self._maybe_log_save_evaluate(tr_loss, grad_norm, model, trial, epoch, ignore_keys_for_eval)"),
                (PY + "/transformers/trainer.py", 2919, "_save_checkpoint", "self.save_model(output_dir, _internal_call=True)"),
                (PY + "/transformers/trainer.py", 3398, "save_model", "self._save(output_dir, state_dict=state_dict)"),
                (PY + "/transformers/modeling_utils.py", 2786, "save_pretrained", "safe_save_file(shard, os.path.join(save_directory, shard_file), metadata={\"format\": \"pt\"})"),
                (PY + "/safetensors/torch.py", 286, "save_file", "serialize_file(_flatten(tensors), filename, metadata=metadata)"),
            ], "OSError: [Errno 122] Disk quota exceeded: '/fsx/qwen-sft/checkpoint-6000/model-00007-of-00015.safetensors'")))
            te = plus(tt, 3)
            L.add(te, elastic("E", te, 139822, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: 1) local_rank: 0 (pid: 71) of binary: /usr/bin/python"))
            L.add(te, child_failed("sft.py", [], dict(host=pods[0], rank=0, local_rank=0, exitcode=1, pid=71), te))
        else:
            tw = plus(ts, 1800.2 + n)
            L.add(tw, watchdog_timeout(n * 8, tw, 60412, "_ALLGATHER_BASE", 65536000, timeout_ms=1800000, frames=(n == 1)))
            te = plus(tw, 2)
            L.add(te, elastic("E", te, 139822, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 0 (pid: 71) of binary: /usr/bin/python"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["%s/lfs-quota.txt" % nodes[0]] = lines(
        "$ lfs quota -h -p 1001 /fsx",
        "Disk quotas for prj 1001 (pid 1001):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "           /fsx     10T*      0     10T       -  184221       0       0       -",
        "$ lfs project -d /fsx/qwen-sft",
        "   1001 P /fsx/qwen-sft",
        "$ du -sh /fsx/qwen-sft/checkpoint-*   # 40 checkpoints kept (save_total_limit unset)",
        "245G\t/fsx/qwen-sft/checkpoint-1500", "245G\t/fsx/qwen-sft/checkpoint-3000", "245G\t/fsx/qwen-sft/checkpoint-4500", "96G\t/fsx/qwen-sft/checkpoint-6000")
    files["%s/df-h.txt" % nodes[0]] = lines(
        "Filesystem                      Size  Used Avail Use% Mounted on",
        "/dev/nvme0n1p1                  200G   61G  140G  31% /",
        "/dev/md0                         28T  1.2T   27T   5% /local_nvme",
        "10.3.8.15@tcp:/sd4ab2bv         48T   31T   17T  65% /fsx")
    files["pvc.yaml"] = lines("kind: PersistentVolumeClaim", "metadata:", "  name: fsx-shared", "spec:",
                              "  accessModes: [ReadWriteMany]", "  storageClassName: fsx-sc", "  volumeName: fsx-pv-team-llm")
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Error", "0", "4h2m", ips[i], nodes[i]) for i in range(3)])
    label = dict(category="storage", layer="infrastructure", culprit=None, action="stop",
                 rationale="Only rank 0 writes the full state dict, so only the master pod shows 'Disk quota exceeded' on /fsx, but the cause is the shared FSx project quota (10T used of 10T) on the ReadWriteMany volume, not that node; the others merely timed out. It will not heal by itself: space must be freed or the quota raised before rerunning.",
                 modelled_on="https://github.com/open-mmlab/mmdetection/issues/12069")
    return "cf14_master_oserror_on_checkpoint_save", label, files


# =========================================================================
def cf15():
    """KubeRay + Ray Train TorchTrainer; checkpoint persistence to S3 fails on all workers."""
    head_node = "ip-10-0-3-12.ec2.internal"
    nodes = ["ip-10-0-3-41.ec2.internal", "ip-10-0-5-77.ec2.internal", "ip-10-0-4-190.ec2.internal", "ip-10-0-6-23.ec2.internal"]
    wpods = ["raycluster-llm-gpu-group-worker-%s" % s for s in ("4xk2p", "b8q1m", "ht6zw", "r0d3v")]
    hpod = "raycluster-llm-head-7mmdq"
    wips = ["10.0.3.77", "10.0.5.18", "10.0.4.203", "10.0.6.91"]
    t0 = T(2024, 5, 2, 9, 0, 0)
    tf = T(2024, 5, 2, 11, 14, 27)
    L = []
    L.append("%s\tINFO worker.py:1564 -- Connecting to existing Ray cluster at address: 10.0.3.50:6379..." % pylog(t0))
    L.append("%s\tINFO tune.py:622 -- [output] This uses the legacy output and progress reporter, as Jupyter notebooks are not supported by the new engine, yet." % pylog(t0))
    L.append("(TrainTrainable pid=2210) Trainable.setup took 12.003 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads.")
    for i in range(4):
        L.append("(RayTrainWorker pid=%d, ip=%s) Setting up process group for: env:// [rank=%d, world_size=4]" % (1123 + i, wips[i], i))
    for k in range(40):
        tt = plus(t0, 180 + k * 190)
        if tt < tf:
            L.append("(RayTrainWorker pid=1123, ip=%s) {'epoch': %d, 'step': %d, 'loss': %.4f, 'tokens_per_s': %d}" % (wips[0], k // 10, k * 200, 2.2 - k * 0.01, 31200 + (k % 3) * 120))
            if k % 10 == 9:
                L.append("(RayTrainWorker pid=1123, ip=%s) Checkpoint successfully created at: Checkpoint(filesystem=s3, path=acme-ml-ckpt/llm-ft/TorchTrainer_5e1d0_00000_0_2024-05-02_09-00-00/checkpoint_%06d)" % (wips[0], k // 10))
    L.append("%s\tWARNING experiment_state.py:204 -- Experiment state snapshotting has been triggered multiple times in the last 5.0 seconds." % pylog(tf))
    for i in range(4):
        L.append("(RayTrainWorker pid=%d, ip=%s) %s\tWARNING storage.py:479 -- Upload of checkpoint_000004 to s3://acme-ml-ckpt/... failed on attempt 1/3, retrying" % (1123 + i, wips[i], pylog(plus(tf, -120 + i))))
    L.append("%s\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_5e1d0_00000" % pylog(tf))
    L += tb([
        ("/home/ray/anaconda3/lib/python3.10/site-packages/ray/air/execution/_internal/event_manager.py", 110, "resolve_future", "result = ray.get(future)"),
        ("/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/worker.py", 2667, "get", "values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)"),
        ("/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/worker.py", 864, "get_objects", "raise value.as_instanceof_cause()"),
    ], "ray.exceptions.RayTaskError(OSError): ray::_Inner.train() (pid=2210, ip=10.0.3.50, actor_id=4c1e0b9d7f2a63e81a5c0d0f01000000, repr=TorchTrainer)")
    L += ["  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/tune/trainable/trainable.py\", line 331, in train",
          "    raise skipped from exception_cause(skipped)",
          "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/utils.py\", line 53, in check_for_failure",
          "    ray.get(object_ref)",
          "ray.exceptions.RayTaskError(OSError): ray::_RayTrainWorker__execute.get_next() (pid=1125, ip=%s, actor_id=9a7b2e11c0d4f85361e2a7b401000000, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f2d4c1b6a10>)" % wips[2],
          "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/session.py\", line 681, in report",
          "    persisted_checkpoint = self.storage.persist_current_checkpoint(checkpoint)",
          "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/storage.py\", line 546, in persist_current_checkpoint",
          "    _pyarrow_fs_copy_files(",
          "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/pyarrow/fs.py\", line 269, in copy_files",
          "    _copy_files_selector(source_fs, source_sel,",
          "  File \"pyarrow/_fs.pyx\", line 1627, in pyarrow._fs._copy_files_selector",
          "  File \"pyarrow/error.pxi\", line 91, in pyarrow.lib.check_status",
          "OSError: When uploading part for key 'llm-ft/TorchTrainer_5e1d0_00000_0_2024-05-02_09-00-00/checkpoint_000004/model/shard_2.pt' in bucket 'acme-ml-ckpt': AWS Error SERVICE_UNAVAILABLE during UploadPart operation: Service Unavailable",
          "",
          "Training errored after 4 iterations at 2024-05-02 11:14:27. Total running time: 2hr 14min 27s",
          "Error file: /tmp/ray/session_2024-05-02_08-58-10_402918_1/artifacts/2024-05-02_09-00-00/TorchTrainer_2024-05-02_09-00-00/driver_artifacts/TorchTrainer_5e1d0_00000_0_2024-05-02_09-00-00/error.txt",
          "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.",
          "To continue this run, you can use: `trainer = TorchTrainer.restore(\"s3://acme-ml-ckpt/llm-ft/TorchTrainer_2024-05-02_09-00-00\")`."]
    files = {"%s/%s.log" % (head_node, hpod): "\n".join(L) + "\n"}
    for i in range(4):
        files["%s/%s-worker-stderr.log" % (nodes[i], wpods[i])] = lines(
            "%s\tWARNING storage.py:479 -- Upload of checkpoint_000004 failed on attempt 1/3: AWS Error SERVICE_UNAVAILABLE during UploadPart operation: Service Unavailable" % pylog(plus(tf, -120 + i)),
            "%s\tWARNING storage.py:479 -- Upload of checkpoint_000004 failed on attempt 2/3: AWS Error NETWORK_CONNECTION during UploadPart operation: curlCode: 28, Timeout was reached" % pylog(plus(tf, -60 + i)),
            "%s\tERROR storage.py:483 -- Upload of checkpoint_000004 failed on attempt 3/3: AWS Error SERVICE_UNAVAILABLE during UploadPart operation: Service Unavailable" % pylog(plus(tf, -2 + i * 0.1)),
        )
    files["aws-health-event.json"] = dumps({
        "eventTypeCode": "AWS_S3_OPERATIONAL_ISSUE", "service": "S3", "region": "us-east-1",
        "statusCode": "closed", "startTime": "2024-05-02T11:02:00Z", "endTime": "2024-05-02T11:51:00Z",
        "eventDescription": "Between 4:02 AM and 4:51 AM PDT we experienced increased error rates and latencies for S3 PUT and multipart upload requests in the US-EAST-1 Region. The issue has been resolved and the service is operating normally."})
    files["kubectl-get-pods.txt"] = pods_wide([(hpod, "1/1", "Running", "0", "2h17m", "10.0.3.50", head_node)] + [
        (wpods[i], "1/1", "Running", "0", "2h17m", wips[i], nodes[i]) for i in range(4)])
    label = dict(category="storage", layer="infrastructure", culprit=None, action="restart",
                 rationale="All four Ray Train workers on four different nodes failed to upload checkpoint_000004 to S3 with SERVICE_UNAVAILABLE/timeouts after retries, during an AWS-posted S3 error-rate event that has since closed; earlier checkpoints uploaded fine. Transient shared object-store outage: restore and continue.",
                 modelled_on="https://github.com/sillsdev/silnlp/issues/565")
    return "cf15_raytrain_trial_failed_checkpoint_upload", label, files


# =========================================================================
def cf30():
    """PyTorchJob; cluster DNS (CoreDNS) down, workers cannot resolve master service."""
    job = "mtl-ranker"
    nodes = ["gke-prod-gpu-l4-7e3b0c11-0vfk", "gke-prod-gpu-l4-7e3b0c11-6ppq", "gke-prod-gpu-l4-7e3b0c11-jx2m"]
    sysnode = "gke-prod-system-pool-1a2b3c4d-h7k1"
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job]
    ips = ["10.12.4.9", "10.12.7.33", "10.12.2.51"]
    t0 = T(2025, 2, 3, 14, 0, 10)
    files = {}
    for n in range(3):
        L = Log()
        L.add(t0, elastic("I", t0, 139700, "torch/distributed/run.py:757", "Using nproc_per_node=4."))
        if n == 0:
            L.add(plus(t0, 5), "[W203 14:00:15.221409061 socket.cpp:752] [c10d] The server socket has started to listen on [::]:23456.")
            te = plus(t0, 905)
            L.add(te, rank_prefix(0, tb([
                ("/app/train.py", 61, "main", "dist.init_process_group(\"nccl\")"),
                (PY + "/torch/distributed/distributed_c10d.py", 1520, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                (PY + "/torch/distributed/rendezvous.py", 269, "_env_rendezvous_handler", "store = _create_c10d_store("),
            ], "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 4/12 clients joined.")))
        else:
            for k in range(0, 900, 150):
                tt = plus(t0, 4 + k)
                L.add(tt, "[W203 %s.%06d socket.cpp:697] [c10d] The IPv4 network addresses of (mtl-ranker-master-0, 23456) cannot be retrieved (gai error: -3 - Temporary failure in name resolution)." % (tt.strftime("%H:%M:%S"), tt.microsecond))
            te = plus(t0, 904 + n)
            L.add(te, rank_prefix(n * 4, tb([
                ("/app/train.py", 61, "main", "dist.init_process_group(\"nccl\")"),
                (PY + "/torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore("),
            ], "torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to (mtl-ranker-master-0, 23456).")))
        L.add(plus(te, 1), elastic("E", plus(te, 1), 139700, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: 1) local_rank: 0 (pid: 33) of binary: /usr/local/bin/python"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["kubectl-get-svc.txt"] = table(["NAME", "TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)", "AGE"], [
        ["mtl-ranker-master-0", "ClusterIP", "None", "<none>", "23456/TCP", "16m"],
        ["mtl-ranker-worker-0", "ClusterIP", "None", "<none>", "23456/TCP", "16m"],
        ["mtl-ranker-worker-1", "ClusterIP", "None", "<none>", "23456/TCP", "16m"]])
    files["kube-system-pods.txt"] = pods_wide([
        ("kube-dns-5b9c7d8f6c-2xw4q", "3/4", "CrashLoopBackOff", "9 (41s ago)", "41d", "10.12.0.5", sysnode),
        ("kube-dns-5b9c7d8f6c-pq7lm", "3/4", "CrashLoopBackOff", "9 (2m ago)", "41d", "10.12.1.8", sysnode.replace("h7k1", "t2c9")),
        ("kube-dns-autoscaler-6d7b9c8d5-k9l2w", "1/1", "Running", "0", "41d", "10.12.0.6", sysnode),
        ("fluentbit-gke-4m2zd", "3/3", "Running", "0", "41d", "10.128.0.41", nodes[0])])
    files["%s/describe-kube-dns.txt" % sysnode] = lines(
        "Name:             kube-dns-5b9c7d8f6c-2xw4q",
        "Namespace:        kube-system",
        "Node:             %s/10.128.0.12" % sysnode,
        "Containers:",
        "  kubedns:",
        "    State:          Waiting",
        "      Reason:       CrashLoopBackOff",
        "    Last State:     Terminated",
        "      Reason:       OOMKilled",
        "      Exit Code:    137",
        "      Started:      Mon, 03 Feb 2025 14:12:02 +0000",
        "      Finished:     Mon, 03 Feb 2025 14:12:31 +0000",
        "    Limits:",
        "      memory:  210Mi",
        "Events:",
        "  Type     Reason     Age                From     Message",
        "  Warning  BackOff    2m (x61 over 19m)  kubelet  Back-off restarting failed container kubedns in pod kube-dns-5b9c7d8f6c-2xw4q_kube-system",
        "  Warning  Unhealthy  19m                kubelet  Liveness probe failed: HTTP probe failed with statuscode: 503")
    files["nslookup-from-debug-pod.txt"] = lines(
        "$ kubectl run -it --rm dnsdebug --image=busybox:1.36 --restart=Never -- nslookup mtl-ranker-master-0.default.svc.cluster.local",
        "Server:\t\t10.16.0.10",
        "Address:\t10.16.0.10:53",
        "",
        ";; connection timed out; no servers could be reached",
        "",
        "$ kubectl get endpoints -n kube-system kube-dns",
        "NAME       ENDPOINTS   AGE",
        "kube-dns   <none>      41d")
    files["kubectl-get-events-all-ns.txt"] = events([
        ("18m", "Warning", "Unhealthy", "pod/kube-dns-5b9c7d8f6c-2xw4q", "Liveness probe failed: HTTP probe failed with statuscode: 503"),
        ("14m", "Warning", "BackOff", "pod/checkout-api-6c9f7-2lq8d", "Back-off restarting failed container api (dial tcp: lookup redis-main.shop.svc.cluster.local: i/o timeout)"),
        ("1m", "Warning", "PyTorchJobFailed", "pytorchjob/mtl-ranker", "PyTorchJob mtl-ranker is failed because 1 Master replica(s) failed.")])
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Error", "0", "16m", ips[i], nodes[i]) for i in range(3)])
    label = dict(category="network", layer="infrastructure", culprit=None, action="restart",
                 rationale="Workers on two different nodes got 'Temporary failure in name resolution' (EAI_AGAIN, not 'name not known') for the master's service, which exists; both kube-dns replicas were OOMKilled/CrashLooping with no endpoints, and unrelated apps in other namespaces saw DNS timeouts too. A cluster DNS outage, not a typo in the job.",
                 modelled_on="https://github.com/kubeflow/pytorch-operator/issues/333")
    return "cf30_workers_cannot_reach_master_at_rendezvous", label, files


CASES = [cf13, cf14, cf15, cf30]
