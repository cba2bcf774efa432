"""Cases ai01-ai10: sympathetic floods, addresses, odd-node-out."""
from common import *

BUS = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]


def _stamp(t):
    return "%04d-%02d-%02d %02d:%02d:%02d" % (t.year, t.month, t.day, t.hour, t.minute, t.second)


def _flood(host, ranks, t0, seq, op, numel, r, pidbase, agent_kill=True, short_every=1):
    """watchdog timeout flood for a list of global ranks on one host"""
    out = []
    for i, rk in enumerate(ranks):
        t = plus(t0, i * 0.0173 + r.random() * 0.004)
        out += watchdog_timeout(t, rk, seq, op, numel, extra_ms=20 + i * 3, short=(i % short_every != 0))
    if agent_kill:
        for i, rk in enumerate(ranks):
            out.append("W%02d%02d %02d:%02d:%02d.%06d %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (
                t0.month, t0.day, t0.hour, t0.minute, min(59, t0.second + 3), 120000 + i * 911, pidbase - 100, pidbase + i))
    return out


# --------------------------------------------------------------------------- ai01
def ai01():
    r = rng(3801)
    nodes = ["node-b01", "node-b02", "node-b03", "node-b04"]
    ips = ["10.31.2.%d" % (11 + i) for i in range(4)]
    t_start = T(2024, 3, 12, 8, 2, 11)
    t_xid = T(2024, 3, 12, 9, 41, 17, 402110)
    t_to = T(2024, 3, 12, 10, 11, 22, 180442)
    boot_b02 = T(2024, 3, 11, 22, 14, 55)
    files = {}
    for n, host in enumerate(nodes):
        pid0 = 41200 + n * 977
        log = ["[2024-03-12 08:02:11,%03d] torch.distributed.run: [WARNING] " % (n * 7),
               "*****************************************",
               "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed.",
               "*****************************************"]
        for lr in range(8):
            log += nccl_init(host, pid0 + lr, lr, "ib0", ips[n], hca_list(), rank=n * 8 + lr, nranks=32, busid=BUS[lr].lower() + "000")[::2]
        t = plus(t_start, 140)
        it = 1200
        while t < t_xid:
            if n == 0:
                log.append(megatron_iter(_stamp(t), it, 250000, it * 512, 5312.0 + r.random() * 40, 2.4e-4, 512, 2.41 - it * 1e-5 + r.random() * 0.02))
            t = plus(t, 5.33)
            it += 1
        if n == 1:
            log.append("[rank13]:[W312 09:41:17.980113%03d ProcessGroupNCCL.cpp:1170] Warning: ProcessGroupNCCL watchdog: CUDA kernel for work SeqNum=88412 has not completed after 0s; device may be unresponsive (function operator())" % 0 if False else
                       "%s:%d:%d [5] NCCL INFO [Service thread] Connection closed by localRank 5" % (host, pid0 + 5, pid0 + 5 + 409))
        order = [0, 1, 2, 3, 4, 6, 7] if n == 1 else list(range(8))
        log += _flood(host, [n * 8 + k for k in order], plus(t_to, n * 0.9 + r.random()), 88412, "_ALLGATHER_BASE", 33554432, r, pid0)
        if n == 0:
            root = dict(time=ts_elastic(plus(t_to, 4)), host=host, rank=0, local_rank=0, exitcode=-6, pid=pid0, signal=(6, "SIGABRT"))
            others = [dict(time=ts_elastic(plus(t_to, 4)), host=host, rank=k, local_rank=k, exitcode=-6, pid=pid0 + k, signal=(6, "SIGABRT")) for k in (1, 2)]
            log += torchrun_summary("pretrain_gpt.py", root, others)
        files["%s/torchrun.log" % host] = log
    # dmesg for b02 in uptime format
    d = [dmesg_up(boot_b02, plus(boot_b02, 3.1), "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-054) #115-Ubuntu SMP"),
         dmesg_up(boot_b02, plus(boot_b02, 41.2), "nvidia-nvlink: Nvlink Core is being initialized, major device number 508"),
         dmesg_up(boot_b02, plus(boot_b02, 43.9), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
         dmesg_up(boot_b02, plus(boot_b02, 58.0), "mlx5_core 0000:4b:00.0 mlx5_0: Port: 1 Link ACTIVE"),
         dmesg_up(boot_b02, T(2024, 3, 12, 8, 2, 19), "python3[41982]: segfault at 0 ip 00007f1e ... in libcuda.so.550.90.07 (core dumped) [pre-start probe, ignored]") if False else
         dmesg_up(boot_b02, T(2024, 3, 12, 8, 2, 14), "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready"),
         dmesg_up(boot_b02, plus(t_xid, -0.2), "pcieport 0000:a8:01.0: AER: Uncorrected (Fatal) error received: 0000:a8:01.0"),
         dmesg_up(boot_b02, plus(t_xid, -0.19), "pcieport 0000:a8:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
         dmesg_up(boot_b02, plus(t_xid, -0.19), "pcieport 0000:a8:01.0:    [ 5] SDES                   (First)"),
         dmesg_up(boot_b02, t_xid, "NVRM: GPU at PCI:0000:ab:00: GPU-3a1f0055-1c2d-4e5f-a6b7-009c0000a1b7"),
         dmesg_up(boot_b02, t_xid, "NVRM: GPU Board Serial Number: 1652339596"),
         dmesg_up(boot_b02, t_xid, xid("0000:ab:00", 79, "GPU has fallen off the bus.", 41982, "python3")),
         dmesg_up(boot_b02, plus(t_xid, 0.001), "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."),
         dmesg_up(boot_b02, plus(t_xid, 0.3), "NVRM: A GPU crash dump has been created. If possible, please run"),
         dmesg_up(boot_b02, plus(t_xid, 0.3), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
         dmesg_up(boot_b02, plus(t_xid, 0.3), "NVRM: the NVIDIA kernel module is unloaded."),
         dmesg_up(boot_b02, plus(t_to, 7.4), "python3[41978]: segfault at 18 ip 00007f3c2a1b2c11 sp 00007ffd3e9a1c00 error 4 in libcuda.so.550.90.07"),
         ]
    files["node-b02/dmesg.txt"] = d
    files["node-b02/uptime-s.txt"] = ["$ uptime -s", "2024-03-11 22:14:55"]
    files["node-b02/nvidia-smi.txt"] = ["$ nvidia-smi   # collected 10:24 by epilog", "Unable to determine the device handle for GPU0000:AB:00.0: Unknown Error",
                                        "No devices were found"]
    boot_b04 = T(2024, 3, 1, 6, 0, 3)
    files["node-b04/dmesg.txt"] = [
        dmesg_ctime(T(2024, 3, 9, 17, 22, 41), xid("0000:3a:00", 13, "pid=199321, name=python, Graphics SM Warp Exception on (GPC 1, TPC 3, SM 0): Out Of Range Address")),
        dmesg_ctime(T(2024, 3, 9, 17, 22, 41), xid("0000:3a:00", 13, "pid=199321, name=python, Graphics Exception: ESR 0x51e730=0x201000e 0x51e734=0x20 0x51e728=0x4c1eb72 0x51e72c=0x174")),
        dmesg_ctime(T(2024, 3, 12, 8, 2, 12), "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready"),
    ]
    files["slurm-881204.out"] = ["srun: job 881204 queued and waiting for resources", "srun: job 881204 has been allocated resources",
                                 "+ MASTER_ADDR=node-b01 MASTER_PORT=29500 NNODES=4", "srun: error: node-b01: task 0: Exited with exit code 1",
                                 "srun: error: node-b03: task 2: Exited with exit code 1", "srun: error: node-b04: task 3: Exited with exit code 1",
                                 "srun: error: node-b02: task 1: Exited with exit code 1"]
    lab = label("gpu_hardware", "infrastructure", {"node": "node-b02", "rank": 13}, "restart_without_node",
                "node-b02's dmesg (uptime clock, boot 22:14:55) puts Xid 79 on PCI ab:00 (GPU 5, rank 13) at 09:41:17, thirty minutes before every other rank hit the ALLGATHER watchdog timeout; torchrun's root cause (rank 0) is only the first rank to abort.",
                "https://github.com/NVIDIA/NVSentinel/issues/155")
    return "ai01_all_ranks_watchdog_timeout_allgather", files, lab


# --------------------------------------------------------------------------- ai02
def ai02():
    r = rng(3802)
    pods = ["sft-llama-master-0", "sft-llama-worker-0", "sft-llama-worker-1", "sft-llama-worker-2"]
    t_err_local = T(2024, 5, 21, 14, 3, 11, 553000)   # CST (+08:00) in app logs
    t_err_utc = T(2024, 5, 21, 6, 3, 11, 553000)
    t_to_utc = T(2024, 5, 21, 6, 33, 12, 40000)
    files = {}
    for n, pod in enumerate(pods):
        log = []
        base = T(2024, 5, 21, 5, 40, 0)
        for k in range(0, 1300, 97):
            tt = plus(base, k)
            loc = plus(tt, 8 * 3600)
            if n == 0:
                log.append("%s {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (iso(tt), 1.31 - k * 1e-4 + r.random() * 0.01, 0.9 + r.random(), 1.9e-5, 0.41 + k / 1e5))
            else:
                log.append("%s %s - WARNING - transformers.trainer - Detected flash_attn but attn_implementation not set; using sdpa" % (iso(tt), pylog_ts(loc))) if k == 0 else None
        log = [l for l in log if l]
        if n == 3:
            rk = 22
            tb = ["[rank22]: Traceback (most recent call last):",
                  '[rank22]:   File "/workspace/sft/train.py", line 188, in <module>',
                  "[rank22]:     trainer.train()",
                  '[rank22]:   File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 2245, in train',
                  "[rank22]:     return inner_training_loop(",
                  '[rank22]:   File "/usr/local/lib/python3.10/dist-packages/accelerate/data_loader.py", line 552, in __iter__',
                  "[rank22]:     current_batch = next(dataloader_iter)",
                  '[rank22]:   File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1344, in _process_data',
                  "[rank22]:     data.reraise()",
                  "[rank22]: KeyError: Caught KeyError in DataLoader worker process 1.",
                  "[rank22]: Original Traceback (most recent call last):",
                  '[rank22]:   File "/workspace/sft/data.py", line 74, in __getitem__',
                  '[rank22]:     ids = rec["input_ids"][: self.max_len]',
                  "[rank22]: KeyError: 'input_ids'",
                  "[rank22]: (record offset 1830417 in /data/sft/mix_v7/part-00031.jsonl: keys=['id', 'messages', 'source'])"]
            log.append("%s %s - INFO - sft.data - epoch 0 shard part-00031.jsonl opened by rank 22" % (iso(plus(t_err_utc, -212)), pylog_ts(plus(t_err_local, -212))))
            log += ["%s %s" % (iso(plus(t_err_utc, i * 0.001)), l) for i, l in enumerate(tb)]
            log.append("%s W0521 14:03:13.118000 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 311 closing signal SIGTERM" % iso(plus(t_err_utc, 2)))
            log.append("%s W0521 14:03:13.119000 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 313 closing signal SIGTERM" % iso(plus(t_err_utc, 2)))
        else:
            # waiting ranks; glog in local time (CST)
            t0 = plus(t_to_utc, n * 0.7)
            if n == 2:
                log.append("%s %s" % (iso(plus(t_err_utc, 3)), nccl("sft-llama-worker-1", 208, 640, 3, "socketProgressOpt: Call to recv from 10.244.7.19<45121> failed : Connection reset by peer", "WARN")))
                log.append("%s %s" % (iso(plus(t_err_utc, 3)), nccl("sft-llama-worker-1", 208, 640, 3, "transport/net_socket.cc:474 -> 6")))
            for i in range(8):
                rk = n * 8 + i
                tt = plus(t0, i * 0.011)
                for l in watchdog_timeout(plus(tt, 8 * 3600), rk, 6120, "ALLREDUCE", 1, extra_ms=40 + i, short=(i > 1)):
                    log.append("%s %s" % (iso(tt), l))
        if n == 0:
            root = dict(time=ts_elastic(plus(t_to_utc, 8 * 3600 + 5)), host="sft-llama-master-0", rank=3, local_rank=3, exitcode=-6, pid=214, signal=(6, "SIGABRT"))
            log += ["%s %s" % (iso(plus(t_to_utc, 6)), l) for l in torchrun_summary("train.py", root)]
        files["kubectl_logs/%s.log" % pod] = log
    files["kubectl_get_pods.txt"] = ["NAME                 READY   STATUS   RESTARTS   AGE",
                                     "sft-llama-master-0   0/1     Error    0          58m",
                                     "sft-llama-worker-0   0/1     Error    0          58m",
                                     "sft-llama-worker-1   0/1     Error    0          58m",
                                     "sft-llama-worker-2   0/1     Error    0          58m"]
    files["pytorchjob_describe.txt"] = ["Name:         sft-llama", "Kind:         PyTorchJob", "Status:", "  Conditions:",
                                        "    Type     Reason                 Message",
                                        "    Failed   PyTorchJobFailed       PyTorchJob sft-llama is failed because 1 Master replica(s) failed.",
                                        "Events:", "  Warning  PyTorchJobRestarting  pod sft-llama-master-0 exited with code 1 (restartPolicy: Never)"]
    lab = label("user_code", "script", None, "stop",
                "Rank 22 on worker-2 raised KeyError 'input_ids' on a malformed record at 06:03:11Z (14:03 CST); all other ranks only timed out on the ALLREDUCE 30 minutes later and torchrun's root cause (rank 3 on the master) is sympathetic. A bad record in the data will fail again on restart.",
                "https://github.com/huggingface/open-r1/issues/620")
    return "ai02_nccl_allreduce_timeout_on_all_pods", files, lab


# --------------------------------------------------------------------------- ai03
def ai03():
    r = rng(3803)
    nodes = ["a01", "a02", "a03"]
    t_kill = T(2024, 7, 2, 3, 18, 40)
    t_to = T(2024, 7, 2, 3, 28, 41, 200000)
    files = {}
    for n, h in enumerate(nodes):
        pid0 = 90110 + n * 40
        log = []
        base = T(2024, 7, 2, 2, 30, 0)
        for k in range(0, 2900, 120):
            tt = plus(base, k)
            if n == 0:
                log.append("[%s] [INFO] [lightning] Epoch 3:  %d%%|███▋ | %d/5120 [%02d:%02d<1:02:11, 1.38it/s, v_num=17, train_loss=%.3f]" % (_stamp(tt), k // 60, 2000 + k, k // 60, k % 60, 1.92 - k * 1e-5))
        if n == 1:
            log.append("[%s] [INFO] [dataset] prefetch buffer refilled (rank 10)" % _stamp(plus(t_kill, -30)))
            log.append("[W702 03:18:45.201000 90091 torch/distributed/elastic/agent/server/api.py:704] [default] Worker group FAILED. 1/8 worker(s) failed with exit code -9 (local_rank 2). Stopping all workers")
            log += ["[W702 03:18:45.2%05d 90091 torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (i, pid0 + i) for i in (0, 1, 3, 4, 5, 6, 7)]
        else:
            for i in range(8):
                rk = n * 8 + i
                log += watchdog_timeout(plus(t_to, n + i * 0.01), rk, 41007, "REDUCE_SCATTER", 26214400, timeout_ms=600000, extra_ms=51 + i, short=i > 0)
        if n == 0:
            root = dict(time=ts_elastic(plus(t_to, 3)), host="a01", rank=0, local_rank=0, exitcode=-6, pid=pid0, signal=(6, "SIGABRT"))
            log += torchrun_summary("train_vit.py", root)
        files["logs/%s.out" % h] = log
    files["a02/dmesg-T.txt"] = [
        dmesg_ctime(T(2024, 7, 2, 3, 18, 39), "python invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 39), "CPU: 71 PID: 90153 Comm: python Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 39), "Mem-Info:"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 40), "Tasks state (memory values in pages):"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 40), "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 40), "[  90150]  4012 90150 12001873  4611203  41250816        0             0 python"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 40), "[  90151]  4012 90151 12001911  4598870  41234432        0             0 python"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 40), "[  90152]  4012 90152 12002210  4630012  41299968        0             0 python"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 40), "[  90153]  4012 90153 12001002  4602339  41218048        0             0 python"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 40), "[ 201877]  5121 201877 98110233 92104411 742998016        0             0 python3"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 40), "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-5121.slice/session-88.scope,task=python,pid=90152,uid=4012"),
        dmesg_ctime(T(2024, 7, 2, 3, 18, 40), "Out of memory: Killed process 90152 (python) total-vm:48008840kB, anon-rss:18520048kB, file-rss:0kB, shmem-rss:0kB, UID:4012 pgtables:40332kB oom_score_adj:0"),
    ]
    files["a02/ps_aux_0318.txt"] = ["# node health snapshot 03:18:00 (cron, every 5 min)",
                                    "USER       PID %CPU %MEM      RSS COMMAND",
                                    "rkumar  201877  98.1 71.3 368417644 python3 /home/rkumar/embed_dump.py --all-shards --in-memory",
                                    "mlsvc    90150 101.2  3.6 18444812 python -u train_vit.py --nodes 3",
                                    "mlsvc    90151 100.7  3.5 18395480 python -u train_vit.py --nodes 3",
                                    "mlsvc    90152  99.8  3.6 18520048 python -u train_vit.py --nodes 3",
                                    "mlsvc    90153 100.3  3.5 18409356 python -u train_vit.py --nodes 3"]
    files["a02/free-g.txt"] = ["               total        used        free      shared  buff/cache   available",
                               "Mem:             503         497           1           0           5           2"]
    files["a01/free-g.txt"] = ["               total        used        free      shared  buff/cache   available",
                               "Mem:             503         158         301           0          44         341"]
    lab = label("host", "infrastructure", {"node": "a02"}, "restart_without_node",
                "The kernel OOM killer on a02 killed a training rank (local_rank 2) at 03:18:40 because another user's process (uid 5121, embed_dump.py, ~370 GB RSS) exhausted host memory; the training ranks used ~18 GB each like on the other nodes, and the 10-minute REDUCE_SCATTER timeouts elsewhere are sympathetic.",
                "https://github.com/pytorch/pytorch/issues/8976")
    return "ai03_reduce_scatter_timeouts_after_worker_exit_minus9", files, lab


# --------------------------------------------------------------------------- ai04
def ai04():
    r = rng(3804)
    nodes = ["gpu-d01", "gpu-d02", "gpu-d03", "gpu-d04"]
    t_ecc = T(2024, 9, 3, 21, 47, 5, 118000)
    t_to = T(2024, 9, 3, 22, 17, 6, 0)
    files = {}
    files["nemo_log_globalrank-0.txt"] = []
    lines = []
    base = T(2024, 9, 3, 20, 10, 0)
    for k in range(0, 5800, 140):
        tt = plus(base, k)
        lines.append("Epoch 0: :  %d%%|▍| %d/200000 [%02d:%02d:%02d<...,  reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=3.21]" % (k // 1000, 2400 + k // 3, k // 3600, (k // 60) % 60, k % 60, 2.2 - k * 2e-5, 2400 + k // 3, (2400 + k // 3) * 1024))
    files["nemo_log_globalrank-0.txt"] = ["[NeMo I 2024-09-03 20:09:41 nemo_logging:381] Rank 0 has data parallel group : [0, 8, 16, 24]",
                                          "[NeMo W 2024-09-03 20:09:44 nemo_logging:393] The number of process groups exceeds 32; consider NCCL_NVLS_ENABLE=0"] + lines
    for n, h in enumerate(nodes):
        out = []
        if n == 3:
            out += ["[rank26]: Traceback (most recent call last):",
                    '[rank26]:   File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 41, in main',
                    "[rank26]:     trainer.fit(model)",
                    '[rank26]:   File "/usr/local/lib/python3.10/dist-packages/megatron/core/pipeline_parallel/schedules.py", line 1289, in forward_backward_pipelining_without_interleaving',
                    "[rank26]:     output_tensor = forward_step(",
                    "[rank26]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                    "[rank26]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                    "[rank26]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                    "[rank26]:[E903 21:47:05.402118311 ProcessGroupNCCL.cpp:1515] [PG 3 Rank 2] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered"]
            for i in (0, 1, 3, 4, 5, 6, 7):
                out += watchdog_timeout(plus(t_to, 0.5 + i * 0.01), 24 + i, 2918, "SEND", 8388608, extra_ms=11 + i, short=True)
        else:
            for i in range(8):
                out += watchdog_timeout(plus(t_to, n * 0.3 + i * 0.01), n * 8 + i, 2918 if i % 2 else 17740, "SEND" if i % 2 else "ALLREDUCE", 8388608, extra_ms=9 + i, short=i > 1)
        files["%s/stderr.log" % h] = out
    files["gpu-d04/journalctl-k.txt"] = [
        journal_iso(T(2024, 8, 29, 11, 2, 40), "gpu-d04", "kernel", xid("0000:3a:00", 94, "pid=771202, name=python3, Contained: CE User Channel (0x9). RST: No, D-RST: No")),
        journal_iso(T(2024, 8, 29, 11, 2, 40), "gpu-d04", "kernel", xid("0000:3a:00", 63, "pid=771202, name=python3, Row Remapper: New row (0x000000001f2e41a0) marked for remapping, reset gpu to activate.")),
        journal_iso(T(2024, 9, 3, 20, 9, 12), "gpu-d04", "kernel", "mlx5_core 0000:4b:00.0 mlx5_0: Port: 1 Link ACTIVE"),
        journal_iso(t_ecc, "gpu-d04", "kernel", xid("0000:3a:00", 48, "pid=1102277, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.")),
        journal_iso(t_ecc, "gpu-d04", "kernel", xid("0000:3a:00", 63, "pid=1102277, name=python3, Row Remapper: New row (0x000000002a0f7380) marked for remapping, reset gpu to activate.")),
        journal_iso(plus(t_ecc, 1), "gpu-d04", "kernel", xid("0000:3a:00", 45, "pid=1102277, name=python3, Ch 00000008")),
    ]
    g = [{"bus": "00000000:%s:00.0" % b} for b in BUS]
    g[2].update({"remap": {"Uncorrectable Error": 2, "Pending": "Yes"}, "dram_ue": 1})
    files["gpu-d04/nvidia-smi-q.txt"] = smi_q(g, plus(t_to, 900))
    g1 = [{"bus": "00000000:%s:00.0" % b} for b in BUS]
    g1[6].update({"remap": {"Correctable Error": 1}})
    files["gpu-d01/nvidia-smi-q.txt"] = smi_q(g1, plus(t_to, 900))
    files["sacct.txt"] = sacct([("4410921", "gpt-20b", "h100", "llm", 512, "FAILED", "1:0", "2024-09-03T20:07:58", "2024-09-03T22:17:11", "gpu-d[01-04]")])
    lab = label("gpu_memory", "infrastructure", {"node": "gpu-d04", "rank": 26}, "restart_without_node",
                "gpu-d04 logged Xid 48 (double-bit ECC) and Xid 63 on GPU 3a:00 at 21:47:05, the moment rank 26 (local 2) died with 'uncorrectable ECC error'; nvidia-smi still shows the remap pending, so the node needs a GPU reset before reuse. The SEND/ALLREDUCE timeouts at 22:17 are downstream.",
                "https://github.com/leptonai/gpud/pull/987")
    return "ai04_pipeline_send_timeouts_job_failed", files, lab


# --------------------------------------------------------------------------- ai05
def ai05():
    r = rng(3805)
    nodes = ["gpu-r3n0%d" % i for i in range(1, 9)]
    ips = {h: "10.8.3.%d" % (71 + i) for i, h in enumerate(nodes)}   # n07 -> .77
    t_down = T(2024, 10, 14, 2, 51, 9)
    boot = T(2024, 10, 9, 15, 30, 12)
    files = {}
    for n, h in enumerate(nodes):
        pid = 22010 + n * 101
        out = nccl_init(h, pid, 0, "ib0", ips[h], hca_list(), rank=n * 8, nranks=64)
        out += [nccl(h, pid, pid + 211, 0, "NCCL_IB_TIMEOUT set by environment to 22."), nccl(h, pid, pid + 211, 0, "NCCL_IB_RETRY_CNT set by environment to 7.")]
        if h != "gpu-r3n07":
            for k in range(1 if n % 3 else 3):
                out.append(nccl(h, pid + k, pid + 640 + k, k, "transport/net_ib.cc:2244 NET/IB : Got completion from peer 10.8.3.77<%d> with status=12 opcode=%d len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:10.8.3.77 hca mlx5_%d" % (41820 + k * 13, 0 if k else 129, ips[h], (3 + k) % 8), "WARN"))
                out.append(nccl(h, pid + k, pid + 640 + k, k, "transport/net.cc:1302 -> 6"))
                out.append(nccl(h, pid + k, pid + 640 + k, k, "proxy.cc:698 -> 6"))
            out.append("[rank%d]:[E1014 02:51:31.8%05d ProcessGroupNCCL.cpp:1717] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (n * 8, n * 11, n * 8))
            out.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
            out.append("Last error:")
            out.append("NET/IB : Got completion from peer 10.8.3.77<41820> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:10.8.3.77 hca mlx5_3" % ips[h])
        else:
            out.append(nccl(h, pid + 3, pid + 650, 3, "NET/IB : Got async event : port error", "WARN"))
            out.append(nccl(h, pid + 3, pid + 650, 3, "transport/net_ib.cc:1988 NET/IB : Got completion from peer 10.8.3.74<55120> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:10.8.3.77 remoteGids::ffff:10.8.3.74 hca mlx5_3", "WARN"))
        files["%s/stdout.log" % h] = out
    files["gpu-r3n07/dmesg.txt"] = [
        dmesg_up(boot, plus(boot, 61.0), "mlx5_core 0000:5e:00.0 mlx5_3: Port: 1 Link ACTIVE"),
        dmesg_up(boot, T(2024, 10, 12, 4, 11, 2), "mlx5_core 0000:5e:00.0: mlx5_crdump_collect:50:(pid 0): crdump: failed to lock gw status -16"),
        dmesg_up(boot, plus(t_down, -0.6), "mlx5_core 0000:5e:00.0: Port module event: module 3, Cable unplugged"),
        dmesg_up(boot, plus(t_down, -0.5), "mlx5_core 0000:5e:00.0 mlx5_3: Port: 1 Link DOWN"),
        dmesg_up(boot, plus(t_down, 0.1), "ib3: carrier lost"),
        dmesg_up(boot, plus(t_down, 300), "mlx5_core 0000:5e:00.0: Port module event: module 3, Cable plugged"),
        dmesg_up(boot, plus(t_down, 302), "mlx5_core 0000:5e:00.0 mlx5_3: Port: 1 Link INIT"),
    ]
    files["gpu-r3n07/boot_time.txt"] = ["$ cat /proc/stat | grep btime  (epoch 1728487812 = 2024-10-09 15:30:12 UTC)", "btime 1728487812"]
    files["gpu-r3n02/dmesg.txt"] = [dmesg_up(T(2024, 10, 1, 8, 0, 0), T(2024, 10, 13, 19, 2, 3), "mlx5_core 0000:1a:00.0 mlx5_1: Port: 1 Link DOWN"),
                                    dmesg_up(T(2024, 10, 1, 8, 0, 0), T(2024, 10, 13, 19, 2, 9), "mlx5_core 0000:1a:00.0 mlx5_1: Port: 1 Link ACTIVE")]
    files["job.err"] = ["srun: error: gpu-r3n01: task 0: Exited with exit code 1", "srun: Terminating StepId=5510233.0",
                        "slurmstepd: error: *** STEP 5510233.0 ON gpu-r3n01 CANCELLED AT 2024-10-14T02:52:05 ***"]
    lab = label("network", "infrastructure", {"node": "gpu-r3n07"}, "restart_without_node",
                "Seven nodes report IB completion errors (status=12, retry exceeded) from peer 10.8.3.77, which NCCL's bootstrap line maps to gpu-r3n07; that node's dmesg (uptime clock, btime 15:30:12 on Oct 9) shows mlx5_3's cable unplugged and link down at 02:51:08.",
                "https://github.com/NVIDIA/nccl/issues/1405")
    return "ai05_ib_completion_error_status_12_on_many_nodes", files, lab


# --------------------------------------------------------------------------- ai06
def ai06():
    r = rng(3806)
    hosts = ["dgx-k03", "dgx-k05", "dgx-k07", "dgx-k09"]
    ips = {"dgx-k03": "10.20.1.8", "dgx-k05": "10.20.1.10", "dgx-k07": "10.20.1.12", "dgx-k09": "10.20.1.14"}
    t_mce = T(2024, 11, 5, 16, 40, 2)
    files = {}
    out = ["[2024-11-05 14:02:10,118] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w dgx-k03,dgx-k05,dgx-k07,dgx-k09 export NCCL_DEBUG=WARN; cd /work/ds; python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gtazAzIjog... --node_rank=%n --master_addr=10.20.1.8 --master_port=29500 train.py --deepspeed ds_zero3.json"]
    for s in range(0, 9300, 600):
        tt = plus(T(2024, 11, 5, 14, 5, 0), s)
        out.append("dgx-k03: [%s,%03d] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[2.9e-05], mom=[(0.9, 0.95)]" % (_stamp(tt), s % 1000, 100 + s // 6))
        out.append("dgx-k03: [%s,%03d] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.2f, CurrSamplesPerSec=%.2f, MemAllocated=31.2GB, MaxMemAllocated=55.9GB" % (_stamp(tt), s % 1000 + 1, (100 + s // 6) * 4, 100 + s // 6, 61.3 + r.random(), 60.9 + r.random()))
    out.append("dgx-k09: [2024-11-05 16:40:01,402] [INFO] [logging.py:96:log_dist] [Rank 24] saving shard buffers")
    for h in ("dgx-k03", "dgx-k05", "dgx-k07"):
        for lr in range(2):
            out.append("%s: %s" % (h, nccl(h, 3100 + lr, 3190 + lr, lr, "misc/socket.cc:538 NCCL WARN Net : Call to recv from 10.20.1.14<%d> failed : Connection reset by peer" % (43001 + lr) if False else "socketProgressOpt: Call to recv from 10.20.1.14<%d> failed : Connection reset by peer" % (43001 + lr), "WARN")))
            out.append("%s: %s" % (h, nccl(h, 3100 + lr, 3190 + lr, lr, "misc/socket.cc:752 -> 6")))
        out.append("%s: [rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.20.5" % (h, hosts.index(h) * 8))
        out.append("%s: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % h)
        out.append("%s: Last error:" % h)
        out.append("%s: socketProgress: Connection closed by remote peer 10.20.1.14<43001>" % h)
    out.append("pdsh@dgx-k03: dgx-k09: ssh exited with exit code 255")
    out.append("pdsh@dgx-k03: dgx-k05: ssh exited with exit code 1")
    out.append("pdsh@dgx-k03: dgx-k07: ssh exited with exit code 1")
    out.append("pdsh@dgx-k03: dgx-k03: ssh exited with exit code 1")
    files["launcher_console.log"] = out
    files["etc_hosts_dgx-k03.txt"] = ["127.0.0.1 localhost", "10.10.0.8   dgx-k03-mgmt", "10.10.0.10  dgx-k05-mgmt", "10.10.0.12  dgx-k07-mgmt", "10.10.0.14  dgx-k09-mgmt",
                                      "10.20.1.8   dgx-k03 dgx-k03-ib", "10.20.1.10  dgx-k05 dgx-k05-ib", "10.20.1.12  dgx-k07 dgx-k07-ib", "10.20.1.14  dgx-k09 dgx-k09-ib",
                                      "10.20.1.16  dgx-k11 dgx-k11-ib"]
    files["dgx-k09/journalctl-k-b-1.txt"] = [
        "-- Journal begins at Mon 2024-10-07 09:12:01 UTC, ends at Tue 2024-11-05 16:40:03 UTC. --",
        journal_iso(T(2024, 11, 5, 14, 1, 58), "dgx-k09", "kernel", "mlx5_core 0000:0c:00.0 mlx5_0: Port: 1 Link ACTIVE"),
        journal_iso(plus(t_mce, -1), "dgx-k09", "kernel", "mce: [Hardware Error]: Machine check events logged"),
        journal_iso(plus(t_mce, -1), "dgx-k09", "kernel", "EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f1a2c offset:0x0 grain:32 -  err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:2 ba:1 row:0x1e3c col:0x3f8)"),
        journal_iso(t_mce, "dgx-k09", "kernel", "mce: [Hardware Error]: CPU 58: Machine Check Exception: 5 Bank 13: be00000001010091"),
        journal_iso(t_mce, "dgx-k09", "kernel", "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a2f1c6e> {native_safe_halt+0xe/0x20}"),
        journal_iso(t_mce, "dgx-k09", "kernel", "Kernel panic - not syncing: Fatal machine check"),
    ]
    files["dgx-k09/journalctl-b0-head.txt"] = [
        journal_iso(T(2024, 11, 5, 16, 44, 37), "dgx-k09", "kernel", "Linux version 5.15.0-122-generic (buildd@lcy02-amd64-106) #132-Ubuntu SMP"),
        journal_iso(T(2024, 11, 5, 16, 44, 37), "dgx-k09", "kernel", "BERT: Error records from previous boot:"),
        journal_iso(T(2024, 11, 5, 16, 44, 37), "dgx-k09", "kernel", "[Hardware Error]: event severity: fatal"),
        journal_iso(T(2024, 11, 5, 16, 44, 37), "dgx-k09", "kernel", "[Hardware Error]:   section_type: memory error"),
        journal_iso(T(2024, 11, 5, 16, 44, 37), "dgx-k09", "kernel", "[Hardware Error]:   node: 1 card: 2 module: 0 rank: 1 bank: 9 row: 7740 column: 1016"),
    ]
    files["dgx-k05/dmesg.txt"] = [dmesg_ctime(T(2024, 11, 2, 3, 3, 3), xid("0000:9a:00", 13, "pid=88012, name=python, Graphics Exception: ESR 0x50e530=0x1000e 0x50e534=0x20")) ]
    lab = label("host", "infrastructure", {"node": "dgx-k09"}, "restart_without_node",
                "The resets all come from 10.20.1.14, which /etc/hosts maps to dgx-k09; dgx-k09's previous-boot kernel log shows an uncorrectable DIMM error and a fatal machine check panic at 16:40:02, and it rebooted. The NCCL errors on the other three nodes are downstream.",
                "https://github.com/NVIDIA/nccl/issues/193")
    return "ai06_connection_reset_by_peer_zero3_job", files, lab


# --------------------------------------------------------------------------- ai07
def ai07():
    r = rng(3807)
    nodes = ["hpc-g%02d" % i for i in range(1, 17)]
    leaf = {h: "leaf-%02d" % (1 + (i // 4)) for i, h in enumerate(nodes)}
    ip = {h: "10.8.%d.%d" % (1 + i // 4, 10 + i) for i, h in enumerate(nodes)}
    t_ev = T(2025, 1, 22, 11, 7, 44)
    files = {}
    out = []
    for i, h in enumerate(nodes):
        pid = 7000 + i * 13
        out.append("%d: %s" % (i, nccl(h, pid, pid, 0, "Bootstrap : Using ibp0:%s<0>" % ip[h])))
    for i, h in enumerate(nodes):
        pid = 7000 + i * 13
        if leaf[h] == "leaf-03":
            out.append("%d: %s" % (i, nccl(h, pid, pid + 90, 2, "NET/IB : Got async event : port error", "WARN")))
            out.append("%d: %s" % (i, nccl(h, pid, pid + 90, 2, "NET/IB : Got async event : port active")))
        else:
            peer = nodes[8 + (i % 4)]
            out.append("%d: %s" % (i, nccl(h, pid, pid + 90, i % 8, "transport/net_ib.cc:2244 NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (ip[peer], 50000 + i, ip[h], ip[peer], i % 8), "WARN")))
    out.append("0: [rank0]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error")
    out.append("srun: error: hpc-g01: task 0: Exited with exit code 1")
    out.append("srun: error: hpc-g09: task 8: Exited with exit code 1")
    files["slurm-7120044.out"] = out
    for h in ("hpc-g09", "hpc-g10", "hpc-g11", "hpc-g12"):
        files["%s/dmesg-T.txt" % h] = [
            dmesg_ctime(plus(t_ev, 0), "mlx5_core 0000:1a:00.0 mlx5_2: Port: 1 Link DOWN"),
            dmesg_ctime(plus(t_ev, 0), "mlx5_core 0000:3c:00.0 mlx5_3: Port: 1 Link DOWN"),
            dmesg_ctime(plus(t_ev, 1), "ibp2: carrier lost"),
            dmesg_ctime(plus(t_ev, 47), "mlx5_core 0000:1a:00.0 mlx5_2: Port: 1 Link ACTIVE"),
            dmesg_ctime(plus(t_ev, 48), "mlx5_core 0000:3c:00.0 mlx5_3: Port: 1 Link ACTIVE"),
        ]
    files["hpc-g03/dmesg-T.txt"] = [dmesg_ctime(T(2025, 1, 20, 1, 0, 9), "nvidia-peermem: loading out-of-tree module taints kernel."),
                                    dmesg_ctime(T(2025, 1, 20, 9, 41, 22), "mlx5_core 0000:3c:00.0 mlx5_3: Port: 1 Link DOWN"),
                                    dmesg_ctime(T(2025, 1, 20, 9, 41, 25), "mlx5_core 0000:3c:00.0 mlx5_3: Port: 1 Link ACTIVE")]
    files["fabric/ufm_events.csv"] = ["timestamp,severity,object,event",
                                      "2025-01-22 11:07:43,CRITICAL,switch leaf-03 (GUID 0xb83fd2030042a1c0),Switch is not responding / unexpected reboot",
                                      "2025-01-22 11:07:44,WARNING,leaf-03 ports 1-32,Link went down (32 ports)",
                                      "2025-01-22 11:08:30,INFO,switch leaf-03,Switch is up; firmware 31.2012.1068",
                                      "2025-01-22 11:08:31,INFO,leaf-03 ports 1-32,Link is up (32 ports)"]
    files["fabric/node_to_leaf.txt"] = ["# from ibnetdiscover, 2025-01-15"] + ["%s  %s  port %d" % (h, leaf[h].replace("leaf-03", "leaf-03"), 1 + i % 4) for i, h in enumerate(nodes)]
    lab = label("network", "infrastructure", None, "restart",
                "Every node cabled to leaf-03 (hpc-g09..g12) lost its links in the same second at 11:07:44 and the fabric log shows that switch rebooting; the other nodes' IB errors name different peers, all behind leaf-03. This is a switch event, not one node.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return "ai07_ib_retry_exceeded_errors_across_sixteen_nodes", files, lab


# --------------------------------------------------------------------------- ai08
def ai08():
    r = rng(3808)
    nodes = ["titan-n%02d" % i for i in range(1, 9)]
    t_last = T(2025, 2, 18, 7, 12, 30)
    t_to = T(2025, 2, 18, 7, 42, 31, 80000)
    files = {}
    for n, h in enumerate(nodes):
        out = []
        if n == 0:
            for s in range(0, 1800, 60):
                tt = plus(T(2025, 2, 18, 6, 42, 30), s)
                out.append("[titan] %s - root - INFO - step: %5d  loss:  %.4f  memory: 61.20GiB(77.32%%)  tps: 3,91%d  tflops: 402.%d  mfu: 40.%d%%" % (pylog_ts(tt), 8200 + s // 3, 2.71 - s * 1e-5, r.randint(0, 9), r.randint(0, 9), r.randint(0, 9)))
        for i in range(8):
            rk = n * 8 + i
            if rk == 45:
                continue
            out += watchdog_timeout(plus(t_to, n * 0.2 + i * 0.01), rk, 88211, "_REDUCE_SCATTER_BASE", 134217728, extra_ms=14 + i, short=i > 0)
        if n == 5:
            out.append("[rank45]:[E218 07:42:33.0%05d ProcessGroupNCCL.cpp:1183] [PG ID 0 PG GUID 0(default_pg) Rank 45] Future for ProcessGroup abort timed out after 600000 ms" % 1)
        files["%s/trainer.log" % h] = out
    files["flight_recorder_analysis.txt"] = [
        "$ python -m torch.distributed.flight_recorder.fr_trace -j /shared/ckpt/run42/fr_dumps",
        "Loaded 64 ranks' traces (rank 45 dump written by watchdog-independent dumper)",
        "Not all ranks joining collective 18334 at entry 88211",
        "group info: 0:default_pg",
        "collective: nccl:_reduce_scatter_base",
        "missing ranks: {45}",
        "input sizes: [[134217728]]",
        "output sizes: [[2097152]]",
        "expected ranks: 64",
        "collective state: scheduled",
        "collective stack trace:",
        "  _reduce_scatter_base at torch/distributed/distributed_c10d.py:3988",
        "  foreach_reduce at torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py:348",
        "rank 45: last enqueued 88210 (ALLGATHER_BASE) state=started, never completed",
    ]
    files["titan-n06/py-spy-dump-rank45.txt"] = [
        "Process 61245: /usr/bin/python3 -u -m torchtitan.train --job.config_file llama3_70b.toml",
        "Python v3.11.9 (/usr/bin/python3.11)",
        "",
        "Thread 61245 (active): \"MainThread\"",
        "    synchronize (torch/cuda/__init__.py:954)",
        "    _wait_for_all_gather (torch/distributed/fsdp/_fully_shard/_fsdp_param_group.py:331)",
        "    pre_forward (torch/distributed/fsdp/_fully_shard/_fsdp_param_group.py:362)",
        "    forward (torchtitan/models/llama3/model.py:417)",
        "Thread 61590 (idle): \"Thread-2 (_pin_memory_loop)\"",
    ]
    files["titan-n06/nvidia-smi.txt"] = smi_table("titan-n06", T(2025, 2, 18, 7, 35, 0),
                                                  [{"util": 0, "mem": 66110, "pwr": 88}] * 5 + [{"util": 100, "mem": 65002, "pwr": 311}] + [{"util": 0, "mem": 66120, "pwr": 90}] * 2)
    files["titan-n06/dmesg-T.txt"] = [dmesg_ctime(T(2025, 2, 18, 5, 58, 2), "IPv6: ADDRCONF(NETDEV_CHANGE): ibp0: link becomes ready")]
    lab = label("hang", "infrastructure", {"node": "titan-n06", "rank": 45}, "run_diagnostics",
                "63 ranks timed out waiting in REDUCE_SCATTER 88211; the flight recorder names rank 45 (titan-n06, GPU 5) as the only one missing, stuck behind an ALLGATHER that never finished. Its GPU sits at 100% while the others idle, and there is no Xid, so the GPU or link needs diagnostics.",
                "https://github.com/marin-community/marin/issues/7344")
    return "ai08_training_froze_then_reduce_scatter_timeouts", files, lab


# --------------------------------------------------------------------------- ai09
def ai09():
    r = rng(3809)
    nodes = ["cn-112", "cn-113", "cn-114", "cn-115"]
    t0 = T(2024, 4, 8, 19, 30, 5)
    files = {}
    for n, h in enumerate(nodes):
        out = ["+ srun hostname: %s" % h, "W0408 19:30:06.%06d 5521%d torch/distributed/run.py:779] Setting OMP_NUM_THREADS=1" % (r.randint(0, 999999), n)]
        if h == "cn-115":
            for lr in range(4):
                out += ["[rank%d]: Traceback (most recent call last):" % (12 + lr),
                        '[rank%d]:   File "/home/ml/proj/train.py", line 52, in setup' % (12 + lr),
                        "[rank%d]:     torch.cuda.set_device(local_rank)" % (12 + lr),
                        '[rank%d]:   File "/opt/conda/lib/python3.11/site-packages/torch/cuda/__init__.py", line 319, in _lazy_init' % (12 + lr),
                        "[rank%d]:     torch._C._cuda_init()" % (12 + lr),
                        "[rank%d]: RuntimeError: The NVIDIA driver on your system is too old (found version 12000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver." % (12 + lr)]
            out.append("E0408 19:30:19.220114 55213 torch/distributed/elastic/multiprocessing/api.py:826] failed (exitcode: 1) local_rank: 0 (pid: 55301) of binary: /opt/conda/bin/python")
        else:
            out.append("[W408 19:30:19.%06d socket.cpp:697] [c10d] The client socket has failed to connect to [cn-112]:29400 (errno: 111 - Connection refused)." % r.randint(0, 999999)) if n == 1 else None
            out += ["[rank%d]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 12/16 clients joined." % (n * 4)] if n == 0 else \
                   ["[rank%d]: torch.distributed.DistBackendError: [%d] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: wait timeout after 1800000ms" % (n * 4 + k, n * 4 + k) for k in range(4)]
        files["%s/job_%s.log" % (h, h)] = [l for l in out if l]
    for h in nodes:
        drv, cu = ("525.85.12", "12.0") if h == "cn-115" else ("550.54.15", "12.4")
        files["%s/nvidia-smi.txt" % h] = smi_table(h, plus(t0, -60), [{"util": 0, "mem": 1}] * 4, driver=drv, cuda=cu)
    files["env_check.txt"] = ["# prolog env check, same container on all nodes", "torch 2.4.1+cu124", "cn-112 libcuda.so.550.54.15", "cn-113 libcuda.so.550.54.15", "cn-114 libcuda.so.550.54.15", "cn-115 libcuda.so.525.85.12   # reimaged 2024-04-05 (ticket INF-2291)"]
    files["sacct.txt"] = sacct([("2280119", "train", "gpu", "nlp", 128, "FAILED", "1:0", "2024-04-08T19:30:01", "2024-04-08T20:00:27", "cn-[112-115]"),
                                ("2280119.0", "torchrun", "", "nlp", 128, "FAILED", "1:0", "2024-04-08T19:30:04", "2024-04-08T20:00:27", "cn-[112-115]")])
    lab = label("dependency", "infrastructure", {"node": "cn-115"}, "restart_without_node",
                "Only cn-115 runs driver 525 (CUDA 12.0) after a reimage, so its four ranks die at CUDA init with 'driver too old' while the same container runs on the 550-driver nodes. The store and rendezvous timeouts on cn-112..114 are just the other ranks waiting for the missing four.",
                "https://github.com/NVIDIA/nvidia-docker/issues/400")
    return "ai09_rendezvous_timed_out_12_of_16_clients_joined", files, lab


# --------------------------------------------------------------------------- ai10
def ai10():
    r = rng(3810)
    nodes = ["gpu-a11", "gpu-a12", "gpu-a13", "gpu-a14"]
    files = {}
    out = ["Job 663018 started on gpu-a[11-14] at Thu Jun 13 02:11:40 CEST 2024", "Loading modules: cuda/12.4 cudnn/9.1 nccl/2.21"]
    for n, h in enumerate(nodes):
        if h == "gpu-a14":
            out += ["%d: Lmod has detected the following error: These module(s) or extension(s) exist but cannot be loaded as requested: \"cudnn/9.1\"" % n,
                    "%d:    Try: \"module spider cudnn/9.1\" to see how to load the module(s)." % n,
                    "%d: Traceback (most recent call last):" % n,
                    '%d:   File "/proj/vision/train_mae.py", line 3, in <module>' % n,
                    "%d:     import torch" % n,
                    '%d:   File "/proj/vision/venv/lib/python3.11/site-packages/torch/__init__.py", line 290, in <module>' % n,
                    "%d:     from torch._C import *  # noqa: F403" % n,
                    "%d: ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory" % n]
        else:
            out.append("%d: [02:11:58] INFO  world_size=16 local_world_size=4 node_rank=%d" % (n, n))
    out += ["0: [E613 02:41:59.110982 1102 torch/csrc/distributed/c10d/TCPStore.cpp:1031] [c10d] (rank 0) Timed out waiting for workers; 12/16 ranks checked in (missing: 12,13,14,15)",
            "1: [rank4]: RuntimeError: [4] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Connection reset by peer",
            "2: [rank8]: RuntimeError: [8] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Connection reset by peer",
            "srun: error: gpu-a14: task 3: Exited with exit code 1",
            "srun: error: gpu-a11: task 0: Exited with exit code 1"]
    files["slurm-663018.out"] = out
    files["gpu-a14/mounts.txt"] = ["$ findmnt -t nfs4", "TARGET      SOURCE                      FSTYPE OPTIONS", "/home       nas01:/export/home          nfs4   rw,relatime", "/proj       nas01:/export/proj          nfs4   rw,relatime"]
    files["gpu-a11/mounts.txt"] = ["$ findmnt -t nfs4", "TARGET      SOURCE                      FSTYPE OPTIONS", "/home       nas01:/export/home          nfs4   rw,relatime", "/proj       nas01:/export/proj          nfs4   rw,relatime", "/opt/sw     swrepo:/export/sw/rocky9    nfs4   ro,relatime"]
    files["gpu-a14/syslog"] = [syslog(T(2024, 6, 13, 0, 3, 12), "gpu-a14", "systemd[1]", "opt-sw.mount: Mount process exited, code=exited, status=32/n/a"),
                               syslog(T(2024, 6, 13, 0, 3, 12), "gpu-a14", "systemd[1]", "opt-sw.mount: Failed with result 'exit-code'."),
                               syslog(T(2024, 6, 13, 0, 3, 12), "gpu-a14", "systemd[1]", "Failed to mount /opt/sw."),
                               syslog(T(2024, 6, 13, 0, 3, 13), "gpu-a14", "kernel", "NFS: nfs4_discover_server_trunking unhandled error -512. Exiting with error EIO")]
    lab = label("dependency", "infrastructure", {"node": "gpu-a14"}, "restart_without_node",
                "Only gpu-a14 fails, with libcudnn.so.9 missing: its /opt/sw software mount failed at boot (systemd shows opt-sw.mount failing), so Lmod cannot load cudnn there. The other nodes load the same modules fine, and their store timeouts just come from waiting for ranks 12-15.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/91")
    return "ai10_four_ranks_never_checked_in", files, lab


CASES = [ai01, ai02, ai03, ai04, ai05, ai06, ai07, ai08, ai09, ai10]
