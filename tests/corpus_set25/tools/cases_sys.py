"""Cases j10-j18, j21, j22: storage, host, hang, OOM, straggler."""
from common import (Bundle, label, culprit, rng_for, T, plus, iso_ms, dmesg_T, syslog, short_iso, glog_short, kube_ts,
                    nccl_init, BUSIDS, watchdog_timeout, nccl_async_error, elastic_sigterm, child_failed, nvidia_smi_table,
                    benign_dmesg, step_lines, interleave, pyspy)

PY = "/usr/local/lib/python3.10/dist-packages"


def j10():
    name = "j10_checkpoint_save_failed_everywhere"
    rng = rng_for(name)
    nodes = ["hpc-g%03d" % i for i in (31, 32, 35, 36, 40)]
    b = Bundle(name, label("storage", "infrastructure", None, "stop",
                           "Every rank that writes its shard of the step-6000 distributed checkpoint fails with '[Errno 28] No space left on "
                           "device' on /lustre/proj; lfs df shows the OSTs at 100%. The shared file system is full, so resubmitting cannot help "
                           "until space is freed.",
                           "https://github.com/awslabs/awsome-distributed-ai/pull/1225"),
               "full shared Lustre at checkpoint time, every node fails the same way",
               "NeMo/Lightning per-rank log files nemo_log_globalrank-N_localrank-M.txt per node, lfs df -h, df -h")
    t0 = T(2024, 10, 2, 8, 0, 0)
    tf = T(2024, 10, 2, 16, 21, 7)
    for ni, n in enumerate(nodes):
        for lr in (0, 5):
            r = ni * 8 + lr
            lines = ["[NeMo I %s exp_manager:396] Experiments will be logged at /lustre/proj/llm/results/gpt3-20b" % t0.strftime("%Y-%m-%d %H:%M:%S")]
            if r == 0:
                lines += step_lines("Epoch 0: : {step}/100000 [{t:%H:%M:%S}, reduced_train_loss={loss:.3f}, global_step={step}.0, consumed_samples={step}024.0, train_step_timing in s={ms:.0f}]",
                                    500, 12, plus(t0, 60), 2400, rng, every=500)
            lines += ["[NeMo I %s nlp_overrides:464] Saving distributed checkpoint step=6000" % tf.strftime("%Y-%m-%d %H:%M:%S"),
                      "Traceback (most recent call last):",
                      '  File "%s/torch/distributed/checkpoint/filesystem.py", line 447, in write_data' % PY,
                      "    _write_files_from_queue(",
                      '  File "%s/torch/distributed/checkpoint/filesystem.py", line 301, in _write_files_from_queue' % PY,
                      "    with create_stream(file_name, \"wb\") as stream:",
                      "OSError: [Errno 28] No space left on device: '/lustre/proj/llm/results/gpt3-20b/checkpoints/step=6000/__%d_0.distcp'" % r,
                      "torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%d])" % r]
            b.add("%s/nemo_log_globalrank-%d_localrank-%d.txt" % (n, r, lr), lines)
        b.add("%s/df-h.txt" % n, ["Filesystem                                   Size  Used Avail Use% Mounted on",
                                  "/dev/nvme0n1p2                               1.8T  212G  1.5T  13% /",
                                  "tmpfs                                        1.0T  2.1G 1022G   1% /dev/shm",
                                  "10.11.0.5@o2ib:10.11.0.6@o2ib:/proj        1.2P  1.2P     0 100% /lustre/proj"])
    b.add("hpc-g031/lfs-df-h.txt", ["UUID                       bytes        Used   Available Use% Mounted on",
                                    "proj-MDT0000_UUID           11.2T        1.9T        9.3T  17% /lustre/proj[MDT:0]"] +
          ["proj-OST%04x_UUID          76.4T       76.4T       12.0M 100%% /lustre/proj[OST:%d]" % (k, k) for k in range(16)] +
          ["", "filesystem_summary:         1.2P        1.2P      192.0M 100% /lustre/proj"])
    return b


def j11():
    name = "j11_dataloader_io_errors_then_crash"
    rng = rng_for(name)
    nodes = ["node%02d.cluster.local" % i for i in (3, 4, 9)]
    b = Bundle(name, label("storage", "infrastructure", None, "restart",
                           "All three nodes log 'nfs: server nas01 not responding, still trying' at the same time, followed by 'nfs: server "
                           "nas01 OK'; DataLoader workers on several nodes die with EIO reading /mnt/datasets during that window. A transient "
                           "shared-storage outage that has recovered: resubmit.",
                           "https://github.com/pytorch/pytorch/issues/143471"),
               "transient NFS outage seen on every node; sosreport tree layout",
               "Accelerate console on main node, sosreport-like trees (sos_commands/kernel/dmesg, sos_commands/nfs/nfsstat)")
    t0 = T(2024, 2, 20, 13, 0, 0)
    to = T(2024, 2, 20, 17, 42, 10)
    main = ["[2024-02-20 13:00:04,221] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default"]
    main += step_lines("{t:%m/%d/%Y %H:%M:%S} - INFO - train - epoch 3 | step {step} | loss {loss:.4f} | img/s {tps:.0f}", 100, 40, t0, 420, rng, every=100, tps=5100)
    for r in (2, 9, 17):
        main += ["[rank%d]: Traceback (most recent call last):" % r,
                 '[rank%d]:   File "%s/torch/utils/data/_utils/worker.py", line 308, in _worker_loop' % (r, PY),
                 "[rank%d]:     data = fetcher.fetch(index)" % r,
                 '[rank%d]:   File "/home/svc-ml/vision/datasets/shards.py", line 71, in __getitem__' % r,
                 "[rank%d]:     with open(self.paths[idx], 'rb') as f:" % r,
                 "[rank%d]: OSError: [Errno 5] Input/output error: '/mnt/datasets/laion-hr/shard-0%d1774.tar'" % (r, r)]
    main += ["E0220 17:49:02.711000 140331 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 2 (pid: 81822) of binary: /usr/bin/python3"]
    b.add("%s/accelerate-console.log" % nodes[0], main)
    for ni, n in enumerate(nodes):
        d = benign_dmesg(T(2024, 2, 20, 3, 0), n, rng, 3)
        d += ["%s nfs: server nas01 not responding, still trying" % dmesg_T(plus(to, ni * 2)),
              "%s nfs: server nas01 not responding, still trying" % dmesg_T(plus(to, 181 + ni)),
              "%s nfs: server nas01 OK" % dmesg_T(plus(to, 410 + ni))]
        b.add("%s/sosreport-%s-2024-02-20/sos_commands/kernel/dmesg" % (n, n.split(".")[0]), d)
        b.add("%s/sosreport-%s-2024-02-20/sos_commands/nfs/nfsstat_-c" % (n, n.split(".")[0]),
              ["Client rpc stats:", "calls      retrans    authrefrsh", "%-10d %-10d %d" % (88123441 + ni * 17, 4412 + ni * 31, 88123441 + ni * 17)])
        b.add("%s/sosreport-%s-2024-02-20/sos_commands/filesys/mount_-l" % (n, n.split(".")[0]),
              ["nas01:/export/datasets on /mnt/datasets type nfs4 (ro,relatime,vers=4.2,rsize=1048576,wsize=1048576,hard,proto=tcp,timeo=600,retrans=2)"])
    return b


def j12():
    name = "j12_fails_immediately_at_nccl_init"
    rng = rng_for(name)
    nodes = ["sxm-014", "sxm-021", "sxm-022", "sxm-030"]
    bad = "sxm-022"
    b = Bundle(name, label("host", "infrastructure", culprit(bad, None), "restart_without_node",
                           "Only the ranks on sxm-022 fail at communicator init with 'failed to extend /dev/shm/nccl-* ... No space left on "
                           "device'; df on that host shows /dev/shm 100% full of leftover files from an earlier job, the other hosts have it "
                           "empty.",
                           "https://github.com/NVIDIA/nccl/issues/241"),
               "node-local /dev/shm filled by leftover files; torchrun --log-dir per-rank files inside node folder",
               "torchrun --log-dir tree (torchrun_logs/<run>/attempt_0/<local_rank>/stderr.log) per node, df -h, ls -la /dev/shm")
    tf = T(2024, 12, 9, 10, 4, 41)
    for ni, n in enumerate(nodes):
        for lr in range(0, 8, 1 if n == bad else 4):
            r = ni * 8 + lr
            lines = nccl_init(n, 5110 + lr, lr, r, 32, BUSIDS[lr], plugin_notice=(r == 0), ip="10.3.1.%d" % (14 + ni))[:-1]
            if n == bad:
                lines += ["%s:%d:%d [%d] include/alloc.h:246 NCCL WARN Error: failed to extend /dev/shm/nccl-%s to 9637892 bytes, error: No space left on device (28)"
                          % (n, 5110 + lr, 5210 + lr, lr, "".join(rng.choice("abcdefghijkLMNOP") for _ in range(6))),
                          "%s:%d:%d [%d] NCCL INFO transport/shm.cc:122 -> 2" % (n, 5110 + lr, 5210 + lr, lr),
                          "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5" % r,
                          "[rank%d]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. " % r,
                          "[rank%d]: Last error:" % r,
                          "[rank%d]: Error: failed to extend /dev/shm/nccl-Ab12cD to 9637892 bytes, error: No space left on device (28)" % r]
            else:
                lines += ["[rank%d]: torch.distributed.DistBackendError: [%d] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Connection reset by peer" % (r, r)]
            b.add("%s/torchrun_logs/none_k2x8q1/attempt_0/%d/stderr.log" % (n, lr), lines)
        df = ["Filesystem      Size  Used Avail Use% Mounted on", "/dev/md0        6.9T  1.2T  5.7T  18% /raid"]
        df.append("tmpfs           504G  504G     0 100% /dev/shm" if n == bad else "tmpfs           504G   12M  504G   1% /dev/shm")
        b.add("%s/df-h.txt" % n, df)
    b.add("%s/ls-la-dev-shm.txt" % bad, ["total 528482304", "drwxrwxrwt  2 root    root         5140 Dec  9 10:04 ."] +
          ["-rw-------  1 jchen   research 33554432000 Dec  6 22:1%d psm_shm.%08x" % (k, 0x1f2e3d00 + k) for k in range(9)] +
          ["-rw-------  1 jchen   research 16777216000 Dec  6 22:19 torch_%d_2801137_%d" % (k, k) for k in range(6)])
    return b


def j13():
    name = "j13_ib_init_fails_on_one_host"
    rng = rng_for(name)
    nodes = ["gpu-%s" % s for s in ("ams-101", "ams-102", "ams-107", "ams-108", "ams-112", "ams-113")]
    bad = "gpu-ams-108"
    b = Bundle(name, label("host", "infrastructure", culprit(bad, None), "restart_without_node",
                           "The ranks on gpu-ams-108 fail at init with 'ibv_reg_mr ... Cannot allocate memory' and NCCL's hint about the locked "
                           "memory limit; the prolog's ulimit dump shows 'max locked memory 64' on that host only (unlimited elsewhere), a "
                           "node setting.",
                           "https://github.com/aws/aws-ofi-nccl/issues/141"),
               "node setting (memlock ulimit) on one host; srun --label output pattern per task",
               "Slurm: per-task files job-%j-%t.out in batch host folder (srun --output pattern), prolog ulimit -a per node, slurmd.log")
    jid = 2209185
    tf = T(2025, 3, 3, 7, 12, 5)
    for ni, n in enumerate(nodes):
        pro = ["== prolog %s job %d ==" % (n, jid), "core file size          (blocks, -c) 0", "data seg size           (kbytes, -d) unlimited",
               "file size               (blocks, -f) unlimited", "max locked memory       (kbytes, -l) %s" % ("64" if n == bad else "unlimited"),
               "max memory size         (kbytes, -m) unlimited", "open files                      (-n) 1048576", "stack size              (kbytes, -s) 8192"]
        b.add("%s/prolog-ulimit.txt" % n, pro)
        sl = ["[2025-03-03T07:11:50.%03d] launch task StepId=%d.0 request from UID:50111 GID:50111 HOST:10.8.0.101 PORT:41022" % (ni * 13, jid)]
        if n == bad:
            sl = ["[2025-03-01T18:30:12.004] slurmd version 23.11.6 started", "[2025-03-01T18:30:12.005] slurmd started on Sat, 01 Mar 2025 18:30:12 +0000",
                  "[2025-03-01T18:30:12.006] warning: Unable to set RLIMIT_MEMLOCK: systemd unit override LimitMEMLOCK missing"] + sl
        b.add("%s/slurmd.log" % n, sl)
    for ni, n in enumerate(nodes):
        for lr in (0, 3) if n != bad else range(4):
            r = ni * 4 + lr
            lines = nccl_init(n, 7700 + lr, lr, r, 24, BUSIDS[lr * 2], plugin_notice=(r == 0), ip="10.8.0.%d" % (101 + ni))[:-1]
            if n == bad:
                lines += ["%s:%d:%d [%d] transport/net_ib.cc:662 NCCL WARN NET/IB : ibv_reg_mr failed: Cannot allocate memory" % (n, 7700 + lr, 7790 + lr, lr),
                          "%s:%d:%d [%d] NCCL WARN NET/IB : ... hint: check 'ulimit -l' (max locked memory); it is typically required to be unlimited" % (n, 7700 + lr, 7790 + lr, lr),
                          "%s:%d:%d [%d] NCCL INFO transport/net.cc:850 -> 2" % (n, 7700 + lr, 7790 + lr, lr),
                          "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5"]
            else:
                lines += ["RuntimeError: NCCL communicator was aborted on rank %d. Original reason for failure was: NCCL error: remote process exited or there was a network error" % r]
            b.add("%s/job-%d-%d.out" % (nodes[0], jid, r), lines)
    return b


def j14():
    name = "j14_training_froze_no_errors"
    rng = rng_for(name)
    pods = ["mixtral-sft-worker-%d" % i for i in range(5)]
    b = Bundle(name, label("hang", "infrastructure", None, "restart",
                           "Loss output stops after step 4120 and 30 minutes later every rank on every pod reports a watchdog timeout on the "
                           "same ALLREDUCE SeqNum with identical last-enqueued/last-completed counters; py-spy shows all ranks in the same "
                           "all_reduce, and no pod has kernel, GPU or network errors. No suspect: restart.",
                           "https://github.com/pytorch/pytorch/issues/118369"),
               "hang with no identifiable suspect; all py-spy dumps identical",
               "Kubernetes: pod-named folders, kubectl logs --timestamps, py-spy dump files, dmesg collected by DaemonSet")
    t0 = T(2024, 5, 28, 0, 30, 0)
    th = T(2024, 5, 28, 6, 11, 2)
    for pi, p in enumerate(pods):
        lines = []
        for x in nccl_init(p, 61, 0, pi * 8, 40, BUSIDS[0], plugin_notice=True, ip="10.244.%d.17" % (pi + 3)):
            lines.append("%s %s" % (kube_ts(t0), x))
        if pi == 0:
            for k, x in enumerate(step_lines("{{'loss': {loss:.4f}, 'grad_norm': {gn:.3f}, 'learning_rate': 1e-05, 'step': {step}}}", 40, 103, plus(t0, 30), 200, rng, every=40, loss0=1.2)):
                lines.append("%s %s" % (kube_ts(plus(t0, 30 + k * 200)), x))
        for lr in (0, 6):
            for x in watchdog_timeout(pi * 8 + lr, plus(th, 1800 + lr * 0.05), 24722, "ALLREDUCE", numel=1048576, timeout_ms=1800000, last_enq=24722, last_done=24721):
                lines.append("%s %s" % (kube_ts(plus(th, 1800 + pi * 0.2)), x))
        b.add("%s/kubectl-logs.txt" % p, lines)
        dumps = []
        for lr in (0, 6):
            dumps += pyspy(61 + lr, [("MainThread", 61 + lr, [
                "all_reduce (torch/distributed/distributed_c10d.py:2288)",
                "wrapper (torch/distributed/c10d_logger.py:79)",
                "_reduce_grads (trl/trainer/utils.py:412)",
                "training_step (transformers/trainer.py:3418)",
                "_inner_training_loop (transformers/trainer.py:2279)",
                "train (transformers/trainer.py:1938)",
                "main (sft.py:188)"])]) + [""]
        b.add("%s/py-spy-dump.txt" % p, dumps)
        b.add("%s/dmesg.txt" % p, benign_dmesg(T(2024, 5, 27, 20, 0), p, rng, 4))
    return b


def j15():
    name = "j15_stuck_at_same_step_watchdog_fired"
    rng = rng_for(name)
    nodes = ["gn-3-%02d" % i for i in (4, 9, 11, 17)]
    bad, br = "gn-3-17", 29
    b = Bundle(name, label("hang", "infrastructure", culprit(bad, br), "run_diagnostics",
                           "Thirty-one ranks wait in ALLREDUCE SeqNum 88213, but rank 29 on gn-3-17 never enqueued it (last enqueued 88212) and "
                           "its py-spy stack is stuck in torch.cuda.synchronize inside the forward pass; the timeout messages on other ranks "
                           "are sympathetic. No kernel/GPU errors on gn-3-17, so run diagnostics on it.",
                           "https://github.com/pytorch/pytorch/issues/97191"),
               "one rank stuck outside the collective; many accusing timeouts; corrected-ECC red herring",
               "Slurm: single srun -l output, py-spy dumps collected per node by a script, nvidia-smi -q ECC excerpt")
    jid = 7311420
    tf = T(2024, 8, 8, 14, 55, 31)
    out, err = [], []
    for ni, n in enumerate(nodes):
        out += ["%2d: %s" % (ni * 8, x) for x in nccl_init(n, 3300, 0, ni * 8, 32, BUSIDS[0], plugin_notice=(ni == 0), ip="10.60.3.%d" % (4 + ni))]
    out += [" 0: " + x for x in step_lines("step: {step} loss: {loss:.4f} tok/s: {tps:.0f}", 88000, 35, T(2024, 8, 8, 14, 20, 0), 33, rng, every=6, tps=3.1e5)]
    ws = []
    for r in range(32):
        if r == br:
            continue
        ws.append(["%2d: %s" % (r, x) for x in watchdog_timeout(r, plus(tf, r * 0.01), 88213, "ALLREDUCE", last_enq=88213, last_done=88212)[:2]])
    err += interleave(ws, rng)
    err += ["29: [rank29]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 Rank 29] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=0" % glog_short(plus(tf, 120)),
            "29: [rank29]:[%s ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank 29] last enqueued NCCL work: 88212, last completed NCCL work: 88212." % glog_short(plus(tf, 120))]
    err += ["srun: error: gn-3-04: tasks 0-7: Aborted", "srun: error: gn-3-09: tasks 8-15: Aborted", "srun: error: gn-3-11: tasks 16-23: Aborted",
            "srun: error: gn-3-17: tasks 24-28,30-31: Aborted", "srun: error: gn-3-17: task 29: Killed"]
    b.add("gn-3-04/slurm-%d.out" % jid, out)
    b.add("gn-3-04/slurm-%d.err" % jid, err)
    for ni, n in enumerate(nodes):
        txt = []
        for lr in (0, 5):
            r = ni * 8 + lr
            frames = ["all_reduce (torch/distributed/distributed_c10d.py:2288)", "reduce_gradients (megatron/core/distributed/param_and_grad_buffer.py:402)",
                      "finish_grad_sync (megatron/core/distributed/distributed_data_parallel.py:311)", "train_step (megatron/training/training.py:742)"]
            if r == br:
                frames = ["synchronize (torch/cuda/__init__.py:892)", "_timed_forward (megatron/core/transformer/moe/router.py:219)",
                          "forward (megatron/core/transformer/moe/moe_layer.py:144)", "forward_step (pretrain_gpt.py:203)",
                          "forward_backward_no_pipelining (megatron/core/pipeline_parallel/schedules.py:434)", "train_step (megatron/training/training.py:728)"]
            txt += ["=== rank %d (%s local %d) ===" % (r, n, lr)] + pyspy(3300 + lr, [("MainThread", 3300 + lr, frames)]) + [""]
        b.add("%s/hang-debug/py-spy-%s.txt" % (n, n), txt)
        if n == bad:
            b.add("%s/hang-debug/nvidia-smi-q-ecc.txt" % n, ["GPU 00000000:AB:00.0", "    ECC Errors", "        Volatile",
                                                            "            DRAM Correctable              : 2", "            DRAM Uncorrectable            : 0",
                                                            "        Aggregate", "            DRAM Correctable              : 2", "            DRAM Uncorrectable            : 0",
                                                            "    Remapped Rows", "        Pending                           : No", "        Remapping Failure Occurred        : No"])
            b.add("%s/hang-debug/dmesg-T.txt" % n, benign_dmesg(T(2024, 8, 8, 9, 0), n, rng, 5))
    return b


def j16():
    name = "j16_oom_at_first_validation"
    rng = rng_for(name)
    nodes = ["worker-a", "worker-b"]
    b = Bundle(name, label("oom", "framework", None, "stop",
                           "At the first validation (step 500) ranks on both nodes raise torch.OutOfMemoryError while allocating the logits for "
                           "eval_batch_size=64 with seq 8192; the memory is used by the job itself (no foreign processes). A configuration "
                           "problem: stop and fix the batch size.",
                           "https://github.com/tatsu-lab/stanford_alpaca/issues/308"),
               "CUDA OOM from the job's own eval config on every node",
               "Accelerate launcher per node with --tee style logs, nvidia-smi table taken by an on-failure hook")
    tf = T(2024, 4, 17, 19, 2, 44)
    t0 = T(2024, 4, 17, 18, 1, 0)
    for ni, n in enumerate(nodes):
        lines = ["[%s] accelerate.utils.launch: node_rank=%d num_processes=16 mixed_precision=bf16" % (iso_ms(t0), ni)]
        if ni == 0:
            lines += step_lines("[{t:%Y-%m-%d %H:%M:%S}] step {step}/20000 loss={loss:.4f} lr={lr:.2e}", 25, 20, t0, 180, rng, every=25, lr=2e-5)
            lines += ["[%s] Running evaluation: eval_batch_size=64 max_seq_len=8192" % tf.strftime("%Y-%m-%d %H:%M:%S")]
        for lr in (0, 3, 6):
            r = ni * 8 + lr
            lines += ["[rank%d]: Traceback (most recent call last):" % r,
                      '[rank%d]:   File "/app/train.py", line 402, in evaluate' % r,
                      "[rank%d]:     logits = model(input_ids=batch['input_ids']).logits.float()" % r,
                      "[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 31.25 GiB. GPU %d has a total capacity of 79.11 GiB of which 12.41 GiB is free. "
                      "Including non-PyTorch memory, this process has 66.69 GiB memory in use. Of the allocated memory 58.02 GiB is allocated by PyTorch, and 7.77 GiB is "
                      "reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
                      "fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (r, lr)]
        lines += ["E0417 19:02:51.004000 1 torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: 1) local_rank: 0 (pid: 311) of binary: /usr/bin/python"]
        b.add("%s/accelerate.log" % n, lines)
        b.add("%s/nvidia-smi-on-failure.txt" % n, nvidia_smi_table(plus(tf, 2), "550.54.15", "12.4",
                                                                     [{"mem": 67000 + k * 13, "util": 100, "pwr": 510, "temp": 61} for k in range(8)],
                                                                     [(k, 311 + k, "/usr/bin/python", 66998 + k * 13) for k in range(8)]))
    return b


def j17():
    name = "j17_pods_oomkilled_exit_137"
    rng = rng_for(name)
    pods = ["vit-pretrain-worker-%d" % i for i in range(4)]
    b = Bundle(name, label("oom", "framework", None, "stop",
                           "Two worker pods are OOMKilled (exit 137) at the container memory limit after DataLoader workers grow with "
                           "num_workers=16 and a large prefetch_factor; the others fail with sympathetic NCCL errors. The job's own host-memory "
                           "use exceeds its limit, so stop and reduce it.",
                           "https://github.com/pytorch/pytorch/issues/8976"),
               "cgroup OOM kill of pods from the job's own DataLoader memory",
               "Kubeflow PyTorchJob: kubectl logs (no timestamps), kubectl describe pod with Last State OOMKilled, kubectl get events")
    tf = T(2024, 7, 22, 3, 14, 9)
    for pi, p in enumerate(pods):
        oom = pi in (1, 3)
        lines = ["Using DataLoader(num_workers=16, prefetch_factor=8, pin_memory=True, persistent_workers=True)"]
        if pi == 0:
            lines += step_lines("epoch 1 it {step} loss {loss:.3f} host_rss_gb {tps:.1f}", 100, 20, T(2024, 7, 22, 2, 0, 0), 220, rng, every=100, tps=180)
        if oom:
            lines += ["ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
                      "RuntimeError: DataLoader worker (pid 4172) is killed by signal: Killed. "]
        else:
            lines += nccl_async_error(pi * 8, plus(tf, 20), 9011, "ALLREDUCE", "remote process exited or there was a network error")
        b.add("%s/kubectl-logs.txt" % p, lines)
        b.add("%s/describe-pod.txt" % p, [
            "Name:         %s" % p, "Namespace:    vision", "Node:         gpu-pool-b-%02d/10.40.2.%d" % (pi + 3, 30 + pi),
            "Containers:", "  pytorch:", "    State:          Terminated",
            "      Reason:       %s" % ("OOMKilled" if oom else "Error"), "      Exit Code:    %d" % (137 if oom else 134),
            "      Finished:     Mon, 22 Jul 2024 03:14:%02d +0000" % (9 + (0 if oom else 21)),
            "    Limits:", "      memory:          480Gi", "      nvidia.com/gpu:  8", "    Requests:", "      memory:          480Gi",
            "Events:", "  Type     Reason   Age   From     Message", "  ----     ------   ----  ----     -------"] +
            (["  Warning  OOMKilling  11m  kernel-monitor  Memory cgroup out of memory: Killed process 4172 (pt_data_worker) total-vm:61244112kB, anon-rss:30184420kB"] if oom else []))
    b.add("%s/kubectl-get-events.txt" % pods[0], [
        "LAST SEEN   TYPE      REASON             OBJECT                          MESSAGE",
        "11m         Warning   OOMKilling         node/gpu-pool-b-04              Memory cgroup out of memory: Killed process 4172 (pt_data_worker) total-vm:61244112kB, anon-rss:30184420kB, file-rss:1204kB",
        "11m         Warning   OOMKilling         node/gpu-pool-b-06              Memory cgroup out of memory: Killed process 3990 (pt_data_worker) total-vm:60121870kB, anon-rss:29877112kB, file-rss:1100kB",
        "11m         Normal    ExitedWithCode     pytorchjob/vit-pretrain         PyTorchJob vit-pretrain is failed because 2 Worker replica(s) failed.",
        "10m         Normal    Killing            pod/vit-pretrain-worker-0       Stopping container pytorch"])
    return b


def j18():
    name = "j18_cuda_oom_only_on_one_worker"
    rng = rng_for(name)
    nodes = ["ip-10-0-3-7", "ip-10-0-3-19", "ip-10-0-4-2", "ip-10-0-4-33"]
    ips = {n: n[3:].replace("-", ".") for n in nodes}
    bad, bl = "ip-10-0-4-2", 5
    b = Bundle(name, label("oom", "infrastructure", culprit(bad, None), "restart_without_node",
                           "Only the Ray worker on ip-10-0-4-2 hits CUDA OOM, and the error says 'this process has 52 GiB in use' of 79 GiB with "
                           "~26 GiB taken by another process; nvidia-smi on that host shows a foreign eval.py from another user on GPU 5. "
                           "Another workload on one node.",
                           "https://github.com/ray-project/ray/issues/40850"),
               "foreign process holding GPU memory on one node; Ray log prefixes",
               "Ray Train driver log with (RayTrainWorker pid=..., ip=...) prefixes on head node, nvidia-smi and ps aux per node")
    tf = T(2025, 2, 11, 9, 40, 3)
    t0 = T(2025, 2, 11, 9, 12, 0)
    out = ["2025-02-11 09:12:00,118\tINFO worker.py:1636 -- Connecting to existing Ray cluster at address: 10.0.3.7:6379...",
           "View detailed results here: /home/ray/ray_results/TorchTrainer_2025-02-11_09-12-00"]
    pid0 = 18811
    for ni, n in enumerate(nodes):
        for lr in (0, bl):
            out += ["(RayTrainWorker pid=%d, ip=%s) %s" % (pid0 + ni * 10 + lr, ips[n], x) for x in nccl_init(n, pid0 + ni * 10 + lr, lr, ni * 8 + lr, 32, BUSIDS[lr], plugin_notice=False, net="Socket", ifname="ens5", ip=ips[n])[-1:]]
    out += ["(RayTrainWorker pid=%d, ip=10.0.3.7) %s" % (pid0, x) for x in step_lines("epoch=0 step={step} train_loss={loss:.4f}", 50, 10, t0, 160, rng, every=50)]
    r = 2 * 8 + bl
    out += ["(RayTrainWorker pid=%d, ip=10.0.4.2) [rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. GPU 0 has a total capacity of 79.10 GiB of which 818.06 MiB is free. "
            "Process 2298110 has 26.04 GiB memory in use. Including non-PyTorch memory, this process has 52.24 GiB memory in use. Of the allocated memory 48.90 GiB is allocated by PyTorch, and 1.91 GiB is reserved by PyTorch but unallocated." % (pid0 + 25, r)]
    out += ["(RayTrainWorker pid=%d, ip=%s) %s" % (pid0 + ni * 10 + 1, ips[n], nccl_async_error(ni * 8 + 1, plus(tf, 2), 1133, "ALLREDUCE", "remote process exited or there was a network error")[0])
            for ni, n in enumerate(nodes) if n != bad]
    out += ["ray.exceptions.RayTaskError(OutOfMemoryError): ray::_RayTrainWorker__execute.get_next() (pid=%d, ip=10.0.4.2, actor_id=8f1c2d3e4b5a69780a1b2c3d04000000)" % (pid0 + 25),
            "Training errored after 0 iterations at 2025-02-11 09:40:05. Total running time: 28min 5s"]
    b.add("%s/ray-driver.log" % nodes[0], out)
    for ni, n in enumerate(nodes):
        procs = [(k, pid0 + ni * 10 + k, "ray::_RayTrainWorker__execute", 52000 if k == bl else 53100) for k in range(8)]
        if n == bad:
            procs.append((bl, 2298110, "/home/mwu/venvs/eval/bin/python eval.py", 26664))
        b.add("%s/nvidia-smi.txt" % n, nvidia_smi_table(plus(tf, 30), "550.127.05", "12.4", [{"mem": 53000 + (26664 if (n == bad and k == bl) else 0), "util": 97} for k in range(8)], procs))
        ps = ["USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
              "ray        %d  101  2.1 91231220 22123400 ?  Rl   09:12  28:01 ray::_RayTrainWorker__execute" % (pid0 + ni * 10)]
        if n == bad:
            ps.append("mwu      2298110 99.2  1.4 61233120 14021120 pts/3 Rl+ 08:57  42:11 /home/mwu/venvs/eval/bin/python eval.py --ckpt /scratch/mwu/ckpt-900 --gpu 5")
        b.add("%s/ps-aux.txt" % n, ps)
    return b


def j21():
    name = "j21_throughput_halved_resubmit_didnt_help"
    rng = rng_for(name)
    nodes = ["trn-%02d" % i for i in (2, 5, 6, 8, 11, 13, 14, 15)]
    bad = "trn-11"
    b = Bundle(name, label("straggler", "infrastructure", culprit(bad, None), "run_diagnostics",
                           "In both attempts Megatron's straggler report names ranks 32-39 (trn-11) as the slowest (MxRtt and MnEtpt, "
                           "throughput around 55% of the others) while temperatures, clocks, power and kernel logs are normal; a slow node with no "
                           "hardware or host evidence, so run diagnostics on it.",
                           "https://github.com/deepspeedai/DeepSpeed/issues/1617"),
               "straggler recurring on the same node across attempts with no evidence",
               "Slurm sbatch resubmission: attempt_0 (scancel'ed by user) and attempt_1, job .out in batch host folder, per-node nvidia-smi csv")
    for a in range(2):
        t0 = T(2024, 9, 2 + a, 8, 0, 0)
        jid = 551200 + a * 37
        out = []
        for k in range(12):
            t = plus(t0, 300 + k * 600)
            slow = 32 + (k % 4) + a * 2
            out.append(" [%s] iteration %7d/  300000 | elapsed time per iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | lm loss: %.6E |"
                       % (t.strftime("%Y-%m-%d %H:%M:%S"), 200 + k * 200, 6120 + rng.uniform(-40, 40), 212 + rng.uniform(-3, 3), 2.9 - k * 0.01))
            out.append(" [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: 402W/%d | MxPwr/Rnk: 688W/3 | MnTmp/Rnk: 49C/12 | MxTmp/Rnk: 66C/22 | "
                       "MnUtl/Rnk: 61%%/%d | MxUtl/Rnk: 100%%/0 | MnClk/Rnk: 1980MHz/7 | MxClk/Rnk: 1980MHz/0 | MnDRtt/Rnk: 2.1ms/0 | MxDRtt/Rnk: %.1fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: 398.10TF/1"
                       % (t.strftime("%Y-%m-%d %H:%M:%S"), 3410 + rng.uniform(-20, 20), 3, 6105 + rng.uniform(-30, 30), slow, slow, slow,
                          2800 + rng.uniform(-50, 50), 17, 216 + rng.uniform(-4, 4), slow))
        if a == 0:
            out.append("slurmstepd: error: *** JOB %d ON trn-02 CANCELLED AT 2024-09-02T10:05:11 DUE TO USER REQUEST ***" % jid)
        else:
            out.append("slurmstepd: error: *** JOB %d ON trn-02 CANCELLED AT 2024-09-03T10:02:40 DUE TO USER REQUEST ***" % jid)
        b.add("attempt_%d/trn-02/slurm-%d.out" % (a, jid), ["SLURM_JOB_NODELIST=trn-[02,05-06,08,11,13-15]", "rank layout: 8 ranks/node, ranks 32-39 on trn-11"] + out)
        for ni, n in enumerate(nodes):
            csv = ["timestamp, name, pci.bus_id, temperature.gpu, power.draw [W], clocks.sm [MHz], clocks_event_reasons.active, utilization.gpu [%]"]
            for g in range(8):
                csv.append("%s, NVIDIA H100 80GB HBM3, 00000000:%s.0, %d, %.2f W, 1980 MHz, 0x0000000000000000, %d %%"
                           % (plus(t0, 3000).strftime("%Y/%m/%d %H:%M:%S.000"), "%s:00" % BUSIDS[g][:2].upper(), 52 + (g * 3) % 9,
                              (430 if n == bad else 660) + rng.uniform(-15, 15), 61 + g % 3 if n == bad else 100))
            b.add("attempt_%d/%s/nvidia-smi-query.csv" % (a, n), csv)
            if n in (bad, "trn-05"):
                b.add("attempt_%d/%s/dmesg-T.txt" % (a, n), benign_dmesg(plus(t0, -7200), n, rng, 4))
    return b


def j22():
    name = "j22_tokens_per_sec_dropped_one_rack"
    rng = rng_for(name)
    nodes = ["sm-h100-%02d" % i for i in (3, 4, 7, 8, 9, 12)]
    bad = "sm-h100-08"
    b = Bundle(name, label("straggler", "infrastructure", culprit(bad, None), "restart_without_node",
                           "Step time rose from ~1.9 s to ~3.4 s; the per-node timing shows sm-h100-08 consistently last, its nvidia-smi -q shows "
                           "HW Thermal Slowdown active at 87 C with SM clocks at 1110 MHz, and ipmitool sel records a failed fan; the user "
                           "thought the whole rack was slow.",
                           "https://github.com/mlfoundations/open_clip/issues/703"),
               "thermal throttling straggler; evidence in nvidia-smi -q, sensors and ipmitool sel",
               "NeMo/Lightning console with per-node timing table, node collection script: nvidia-smi -q, sensors, ipmitool sel list")
    t0 = T(2025, 4, 2, 1, 0, 0)
    main = []
    for k in range(30):
        st = 1.9 if k < 8 else 3.4
        main.append("Epoch 0: :  %d%%| %d/40000 [%s<%s, train_step_timing in s=%.3f, reduced_train_loss=%.3f]"
                    % (k // 3, 100 + k * 50, plus(t0, k * 100).strftime("%H:%M:%S"), "31:02:11", st + rng.uniform(-0.05, 0.05), 2.4 - k * 0.01))
    main += ["", "straggler report (slowest 3 hosts by mean forward-backward time over last 200 steps):",
             "  sm-h100-08   fwd_bwd_ms=3381.2  rel=1.00", "  sm-h100-04   fwd_bwd_ms=1902.7  rel=0.56", "  sm-h100-12   fwd_bwd_ms=1899.4  rel=0.56"]
    b.add("sm-h100-03/nemo-console.log", main)
    for n in nodes:
        hot = n == bad
        b.add("%s/nvidia-smi-q-perf.txt" % n, ["GPU 00000000:%s.0" % ("9A:00"), "    Performance State                     : P0",
                                               "    Clocks Event Reasons", "        Idle                              : Not Active",
                                               "        SW Power Cap                      : Not Active",
                                               "        HW Slowdown                       : %s" % ("Active" if hot else "Not Active"),
                                               "            HW Thermal Slowdown           : %s" % ("Active" if hot else "Not Active"),
                                               "            HW Power Brake Slowdown       : Not Active",
                                               "        SW Thermal Slowdown               : %s" % ("Active" if hot else "Not Active"),
                                               "    Temperature", "        GPU Current Temp                  : %d C" % (87 if hot else 58),
                                               "        GPU T.Limit Temp                  : %d C" % (-2 if hot else 29),
                                               "    Clocks", "        SM                                : %d MHz" % (1110 if hot else 1980)])
        b.add("%s/sensors.txt" % n, ["coretemp-isa-0000", "Package id 0:  +%d.0 C  (high = +86.0 C, crit = +96.0 C)" % (79 if hot else 55),
                                     "", "nct6798-isa-0290", "fan1:        %d RPM  (min = 1200 RPM)" % (9800),
                                     "fan4:        %d RPM  (min = 1200 RPM)%s" % ((0, "  ALARM") if hot else (9750, ""))])
        sel = ["   1 | 03/30/2025 | 11:02:11 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted"]
        if hot:
            sel += ["  2a | 04/01/2025 | 23:47:05 | Fan FAN4 | Lower Critical going low  | Asserted",
                    "  2b | 04/01/2025 | 23:47:05 | Fan FAN4 | Lower Non-recoverable going low  | Asserted",
                    "  2c | 04/02/2025 | 01:09:40 | Temperature GPU5_Temp | Upper Critical going high | Asserted"]
        b.add("%s/ipmitool-sel-list.txt" % n, sel)
    return b


CASES = [j10, j11, j12, j13, j14, j15, j16, j17, j18, j21, j22]
