"""Cases bs01-bs10."""

from common import (PY, CONDA_GLOO, dt, plus, iso, iso_t, ms, bracket_ms, syslog_ts, dmesg_T, uptime,
                    glog_new, glog_old, glog_pid, torchrun_banner, agent_line, agent_server_line,
                    child_failed, sig_tb, c10d_frames, bcast_obj_frames, prefix, gloo_closed, gloo_reset,
                    gloo_timeout, nccl_info, nccl_warn, nccl_watchdog, nccl_abort_tail, nccl_init_block,
                    smi_table, healthy_gpus, BUSES8, join, sacct)


# =====================================================================================
def bs01(rng):
    """CPU-only gloo DLRM-style job; the job's own memory growth trips the cgroup OOM killer."""
    name = "bs01_cpu_ranks_killed_peers_report_connection_closed"
    nodes = ["cpu-r2-11", "cpu-r2-12", "cpu-r2-13", "cpu-r2-14"]
    ips = {n: "10.4.2.%s" % n[-2:] for n in nodes}
    nproc = 4
    t0 = dt(2024, 2, 6, 11, 2, 7)
    t_oom = dt(2024, 2, 6, 13, 47, 12, 402917)
    boot = dt(2024, 1, 15, 4, 16, 41)
    files = {}
    script = "train_ctr.py"
    pid_base = {n: 201900 + 311 * i for i, n in enumerate(nodes)}

    # job-level slurm output
    s = [
        "+ export GLOO_SOCKET_IFNAME=ens1f0",
        "+ export OMP_NUM_THREADS=12",
        "+ srun --kill-on-bad-exit=0 torchrun --nnodes=4 --nproc-per-node=4 --rdzv-backend=c10d --rdzv-endpoint=cpu-r2-11:29400 "
        "train_ctr.py --config configs/ctr_large.yaml --backend gloo",
        "job 88123 started on cpu-r2-[11-14] at %s" % iso(t0),
    ]
    cfg = [
        "# configs/ctr_large.yaml (as logged by rank 0)",
        "model: dlrm_v2",
        "embedding_dim: 128",
        "num_embeddings_per_table: 40000000",
        "tables: 26",
        "cache_embeddings_on_host: true        # added in commit 7f31c2e",
        "cache_max_rows: null                  # unbounded",
        "batch_size: 4096",
        "dataloader_workers: 4",
        "backend: gloo",
    ]
    files["config_logged_by_rank0.yaml"] = join(cfg)

    # progress lines by rank 0 with host RSS growing on every rank
    prog = []
    step = 0
    t = plus(t0, 95)
    rss = 21.4
    while t < dt(2024, 2, 6, 13, 46, 30):
        step += 200
        rss += 0.74 + rng.random() * 0.05
        loss = 0.52 - 0.00001 * step + rng.random() * 0.004
        prog.append("[%s][ctr.train][INFO] rank=0 step=%d loss=%.4f auc_running=%.4f samples/s=%d host_rss_gb=%.1f cache_rows=%d"
                    % (ms(t), step, loss, 0.71 + step * 0.0000021, 5150 + rng.randint(-90, 90), rss, step * 4096 * 3))
        t = plus(t, 198 + rng.randint(-4, 4))
    s += prog
    s.append("[%s][ctr.mem][WARNING] rank=0 host memory high: node used 231.6 GiB / 251.0 GiB (job cgroup limit 240.0 GiB)" % ms(dt(2024, 2, 6, 13, 41, 3, 118000)))
    s.append("[%s][ctr.mem][WARNING] rank=0 host memory high: node used 237.9 GiB / 251.0 GiB (job cgroup limit 240.0 GiB)" % ms(dt(2024, 2, 6, 13, 45, 2, 771000)))
    s.append("slurmstepd: error: Detected 1 oom-kill event(s) in StepId=88123.0 cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.")
    s.append("srun: error: cpu-r2-13: task 2: Exited with exit code 1")
    s.append("srun: error: cpu-r2-11: task 0: Exited with exit code 1")
    s.append("srun: error: cpu-r2-12: task 1: Exited with exit code 1")
    s.append("srun: error: cpu-r2-14: task 3: Exited with exit code 1")
    files["slurm-88123.out"] = join(s)

    files["sacct.txt"] = sacct([
        ("88123", "ctr_dlrm", "cpu", "recsys", "192", "FAILED", "1:0"),
        ("88123.batch", "batch", "", "recsys", "48", "FAILED", "1:0"),
        ("88123.extern", "extern", "", "recsys", "192", "COMPLETED", "0:0"),
        ("88123.0", "torchrun", "", "recsys", "192", "OUT_OF_MEMORY", "0:125"),
    ])

    # per-node torchrun logs
    t_fail = plus(t_oom, 1.3)
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 2))]
        L.append(agent_server_line(plus(t0, 3), "INFO", "[default] starting workers for entrypoint: python3"))
        for lr in range(nproc):
            r = ni * nproc + lr
            L.append("[%s][ctr.dist][INFO] rank=%d world=16 backend=gloo GLOO_SOCKET_IFNAME=ens1f0 pg init ok" % (ms(plus(t0, 9 + lr * 0.01)), r))
        L.append("[%s][ctr.mem][INFO] local_rank=0 host_rss_gb=%.1f" % (ms(plus(t0, 600)), 22.8 + ni * 0.2))
        L.append("[%s][ctr.mem][INFO] local_rank=0 host_rss_gb=%.1f" % (ms(plus(t0, 3600)), 36.9 + ni * 0.3))
        L.append("[%s][ctr.mem][INFO] local_rank=0 host_rss_gb=%.1f" % (ms(plus(t0, 7200)), 51.2 + ni * 0.3))
        L.append("[%s][ctr.mem][INFO] local_rank=0 host_rss_gb=%.1f" % (ms(plus(t0, 9600)), 59.8 + ni * 0.2))
        if n == "cpu-r2-13":
            dead_pid = pid_base[n] + 3 + 1
            L.append(agent_line(plus(t_oom, 0.9), "WARNING", "Sending process %d closing signal SIGTERM" % (pid_base[n] + 3)))
            L.append(agent_line(plus(t_oom, 0.9), "WARNING", "Sending process %d closing signal SIGTERM" % (pid_base[n] + 5)))
            L.append(agent_line(plus(t_oom, 0.9), "WARNING", "Sending process %d closing signal SIGTERM" % (pid_base[n] + 6)))
            L.append(agent_line(plus(t_oom, 1.0), "ERROR", "failed (exitcode: -9) local_rank: 1 (pid: %d) of binary: /opt/conda/bin/python3" % dead_pid))
            root = dict(time=plus(t_oom, 1.0), host=n, rank=9, local_rank=1, exitcode=-9, pid=dead_pid, traceback=sig_tb(9, dead_pid))
            L.append(child_failed(script, root, []))
        else:
            # first observed failure on this node: a gloo peer error from the all-reduce in backward
            lr = rng.randint(0, 3)
            r = ni * nproc + lr
            peer_port = 38400 + rng.randint(0, 99)
            tb = [
                "Traceback (most recent call last):",
                '  File "/workspace/recsys/train_ctr.py", line 377, in <module>',
                "    main()",
                '  File "/workspace/recsys/train_ctr.py", line 361, in main',
                "    trainer.fit()",
                '  File "/workspace/recsys/trainer.py", line 244, in fit',
                "    loss = self.train_step(batch)",
                '  File "/workspace/recsys/trainer.py", line 211, in train_step',
                "    loss.backward()",
                '  File "%s/torch/_tensor.py", line 525, in backward' % "/opt/conda/lib/python3.10/site-packages",
                "    torch.autograd.backward(",
                '  File "/opt/conda/lib/python3.10/site-packages/torch/autograd/__init__.py", line 267, in backward',
                "    _engine_run_backward(",
                '  File "/opt/conda/lib/python3.10/site-packages/torch/autograd/graph.py", line 744, in _engine_run_backward',
                "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                gloo_closed(ips["cpu-r2-13"], peer_port),
            ]
            for x in range(nproc):
                rr = ni * nproc + x
                L.extend(prefix(tb[:-1] + [gloo_closed(ips["cpu-r2-13"], 38400 + rng.randint(0, 99))], rr) if x != lr else prefix(tb, rr))
            L.append(agent_line(plus(t_fail, 0.4 + ni * 0.05), "ERROR", "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /opt/conda/bin/python3" % (lr, pid_base[n] + 3 + lr)))
            others = []
            for x in range(nproc):
                if x == lr:
                    continue
                others.append(dict(time=plus(t_fail, 0.4 + ni * 0.05), host=n, rank=ni * nproc + x, local_rank=x, exitcode=1,
                                   pid=pid_base[n] + 3 + x, error_file="/tmp/torchelastic_9c1r_2ke/88123_0_%d/attempt_0/%d/error.json" % (ni, x),
                                   traceback="Traceback (most recent call last):\n  File \"/workspace/recsys/trainer.py\", line 211, in train_step\n    loss.backward()\n"
                                             + gloo_closed(ips["cpu-r2-13"], 38400 + x)))
            root = dict(time=plus(t_fail, 0.4 + ni * 0.05), host=n, rank=r, local_rank=lr, exitcode=1, pid=pid_base[n] + 3 + lr,
                        error_file="/tmp/torchelastic_9c1r_2ke/88123_0_%d/attempt_0/%d/error.json" % (ni, lr),
                        traceback="Traceback (most recent call last):\n  File \"/workspace/recsys/trainer.py\", line 211, in train_step\n    loss.backward()\n" + gloo_closed(ips["cpu-r2-13"], peer_port))
            L.append(child_failed(script, root, others))
        files["%s/torchrun.log" % n] = join(L)

    # dmesg on cpu-r2-13
    D = []
    D.append("%s perf: interrupt took too long (2513 > 2500), lowering kernel.perf_event_max_sample_rate to 79500" % uptime(dt(2024, 2, 2, 7, 1, 11), boot))
    kp = pid_base["cpu-r2-13"] + 4
    D += [
        "%s python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0" % uptime(t_oom, boot),
        "%s CPU: 37 PID: %d Comm: python3 Not tainted 5.15.0-105-generic #115-Ubuntu" % (uptime(t_oom, boot), kp + 2),
        "%s Hardware name: Dell Inc. PowerEdge R6525/0GK70M, BIOS 2.14.1 12/17/2023" % uptime(t_oom, boot),
        "%s memory: usage 251658240kB, limit 251658240kB, failcnt 1184" % uptime(t_oom, boot),
        "%s swap: usage 0kB, limit 9007199254740988kB, failcnt 0" % uptime(t_oom, boot),
        "%s Memory cgroup stats for /slurm/uid_4127/job_88123:" % uptime(t_oom, boot),
        "%s anon 256899792896" % uptime(t_oom, boot),
        "%s file 412114944" % uptime(t_oom, boot),
        "%s Tasks state (memory values in pages):" % uptime(t_oom, boot),
        "%s [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name" % uptime(t_oom, boot),
    ]
    for lr in range(4):
        D.append("%s [%7d]  4127 %7d 19858028 %8d 129277952        0             0 python3" % (uptime(t_oom, boot), kp - 1 + lr, kp - 1 + lr, 15600000 + lr * 11000 + (300000 if lr == 1 else 0)))
    D += [
        "%s oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_4127/job_88123,task_memcg=/slurm/uid_4127/job_88123/step_0/task_2,task=python3,pid=%d,uid=4127" % (uptime(t_oom, boot), kp),
        "%s Memory cgroup out of memory: Killed process %d (python3) total-vm:79432112kB, anon-rss:64111020kB, file-rss:70412kB, shmem-rss:0kB, UID:4127 pgtables:126240kB oom_score_adj:0" % (uptime(plus(t_oom, 0.03), boot), kp),
    ]
    files["cpu-r2-13/dmesg.txt"] = join(D)
    files["cpu-r2-13/free_m_after.txt"] = join([
        "               total        used        free      shared  buff/cache   available",
        "Mem:          257024       58113      196742          22        2168      197311",
        "Swap:              0           0           0",
    ])

    label = dict(
        category="oom", layer="framework", culprit=None, action="stop",
        rationale="cpu-r2-13's dmesg shows a memcg OOM kill of rank 9 inside the job's own cgroup (/slurm/uid_4127/job_88123), "
                  "and host_rss_gb climbs steadily on every node after the unbounded host embedding cache was enabled; the gloo "
                  "'Connection closed by peer' errors on the other nodes are sympathetic. The job's own memory use is the cause, so stop and fix the config.",
        modelled_on="https://github.com/pytorch/pytorch/issues/8976",
    )
    return name, files, label


# =====================================================================================
def bs02(rng):
    """Gloo connectFullMesh fails at startup everywhere; one node's data bond has no active slave."""
    name = "bs02_startup_gloo_connectfullmesh_failed_all_ranks"
    nodes = ["gpu-b01", "gpu-b02", "gpu-b03", "gpu-b04", "gpu-b05", "gpu-b06"]
    data_ip = {n: "10.20.1.%d" % (10 + i) for i, n in enumerate(nodes)}
    mgmt_ip = {n: "172.16.8.%d" % (40 + i) for i, n in enumerate(nodes)}
    nproc = 8
    t0 = dt(2024, 4, 19, 7, 31, 2)
    boot_b04 = dt(2024, 4, 18, 22, 10, 4)
    files = {}
    script = "pretrain_gpt.py"
    t_fail = dt(2024, 4, 19, 7, 32, 48)

    files["launch.sh"] = join([
        "#!/bin/bash",
        "#SBATCH -N 6 --gpus-per-node=8 --ntasks-per-node=1 -J gpt13b",
        "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)   # resolves to the 172.16.8.0/24 management network",
        "export GLOO_SOCKET_IFNAME=bond0        # 2x25GbE data bond, 10.20.1.0/24",
        "export NCCL_SOCKET_IFNAME=bond0",
        "export NCCL_IB_HCA=mlx5_0,mlx5_3,mlx5_4,mlx5_5",
        "srun torchrun --nnodes 6 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $MASTER_ADDR:29500 \\",
        "    pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --distributed-backend nccl",
    ])

    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1), style="new")]
        L.append(glog_pid("I", plus(t0, 2), 5120 + ni, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1187",
                          "The node '%s_5120_0' has joined round 0 of the rendezvous 'gpt13b-551902' as rank %d in a world of size 6." % (n, ni)))
        L.append("> initializing torch distributed ...")
        L.append("> initialized tensor model parallel with size 4")
        L.append("> initialized pipeline model parallel with size 2")
        pid0 = 5200 + 97 * ni
        if n == "gpu-b04":
            for lr in range(nproc):
                r = ni * nproc + lr
                peer = nodes[(ni + 1 + lr) % 6] if nodes[(ni + 1 + lr) % 6] != n else nodes[0]
                t = plus(t_fail, lr * 0.01 - 60)
                L.append(glog_new("E", t, r, "ProcessGroupGloo.cpp:143",
                                  "Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [%s]:%d: Network is unreachable"
                                  % (data_ip[peer], 40200 + rng.randint(0, 800))))
        else:
            for lr in range(nproc):
                r = ni * nproc + lr
                t = plus(t_fail, lr * 0.01 + ni * 0.02)
                L.append(glog_new("E", t, r, "ProcessGroupGloo.cpp:143",
                                  "Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error"))
        # python traceback for local rank 0
        r0 = ni * nproc
        if n == "gpu-b04":
            exc = "RuntimeError: Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [%s]:40417: Network is unreachable" % data_ip["gpu-b05"]
        else:
            exc = "RuntimeError: Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error"
        tb = [
            "Traceback (most recent call last):",
            '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 243, in <module>',
            "    pretrain(",
            '  File "/workspace/Megatron-LM/megatron/training/training.py", line 201, in pretrain',
            "    initialize_megatron(",
            '  File "/workspace/Megatron-LM/megatron/training/initialize.py", line 76, in initialize_megatron',
            "    finish_mpu_init()",
            '  File "/workspace/Megatron-LM/megatron/training/initialize.py", line 56, in finish_mpu_init',
            "    _initialize_distributed()",
            '  File "/workspace/Megatron-LM/megatron/training/initialize.py", line 276, in _initialize_distributed',
            "    mpu.initialize_model_parallel(",
            '  File "/workspace/Megatron-LM/megatron/core/parallel_state.py", line 491, in initialize_model_parallel',
            "    _DATA_PARALLEL_GROUP_GLOO = torch.distributed.new_group(ranks, backend=\"gloo\")",
            '  File "%s/torch/distributed/c10d_logger.py", line 75, in wrapper' % PY,
            "    return func(*args, **kwargs)",
            '  File "%s/torch/distributed/distributed_c10d.py", line 3868, in new_group' % PY,
            "    return _new_group_with_tag(ranks, timeout, backend, pg_options, None, use_local_synchronization=use_local_synchronization)",
            '  File "%s/torch/distributed/distributed_c10d.py", line 3939, in _new_group_with_tag' % PY,
            "    pg, pg_store = _new_process_group_helper(",
            '  File "%s/torch/distributed/distributed_c10d.py", line 1509, in _new_process_group_helper' % PY,
            "    backend_class = ProcessGroupGloo(backend_prefix_store, group_rank, group_size, timeout=timeout)",
            exc,
        ]
        L.extend(prefix(tb, r0))
        tf = plus(t_fail, 1.5 + ni * 0.1) if n != "gpu-b04" else plus(t_fail, -58.5)
        for lr in range(1, nproc):
            L.append(glog_pid("W", tf, 5120 + ni, "torch/distributed/elastic/multiprocessing/api.py:858",
                              "Sending process %d closing signal SIGTERM" % (pid0 + lr)))
        L.append(glog_pid("E", plus(tf, 0.4), 5120 + ni, "torch/distributed/elastic/multiprocessing/api.py:833",
                          "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % pid0))
        root = dict(time=plus(tf, 0.4), host=n, rank=r0, local_rank=0, exitcode=1, pid=pid0,
                    error_file="/tmp/torchelastic_x1o_0v7d/gpt13b-551902_%d/attempt_0/0/error.json" % ni,
                    traceback="Traceback (most recent call last):\n  File \"/workspace/Megatron-LM/megatron/core/parallel_state.py\", line 491, in initialize_model_parallel\n    _DATA_PARALLEL_GROUP_GLOO = torch.distributed.new_group(ranks, backend=\"gloo\")\n" + exc)
        L.append(child_failed(script, root, []))
        files["%s/torchrun.log" % n] = join(L)

    # gpu-b04 kernel log and ip link
    def k(t, msg):
        return "%s %s kernel: %s %s" % (syslog_ts(t), "gpu-b04", uptime(t, boot_b04), msg)
    K = [
        k(dt(2024, 4, 18, 22, 10, 31), "mlx5_core 0000:c1:00.0 ens2f0np0: Link up"),
        k(dt(2024, 4, 18, 22, 10, 31, 400000), "mlx5_core 0000:c1:00.1 ens2f1np1: Link up"),
        k(dt(2024, 4, 18, 22, 10, 32), "bond0: (slave ens2f0np0): Enslaving as a backup interface with an up link"),
        k(dt(2024, 4, 18, 22, 10, 32, 10000), "bond0: (slave ens2f1np1): Enslaving as a backup interface with an up link"),
        k(dt(2024, 4, 18, 22, 10, 32, 500000), "bond0: (slave ens2f0np0): link status definitely up, 25000 Mbps full duplex"),
        k(dt(2024, 4, 18, 22, 10, 32, 500100), "bond0: active interface up!"),
        k(dt(2024, 4, 19, 3, 12, 54), "mlx5_core 0000:c1:00.1 ens2f1np1: Link down"),
        k(dt(2024, 4, 19, 3, 12, 54, 100000), "bond0: (slave ens2f1np1): link status definitely down, disabling slave"),
        k(dt(2024, 4, 19, 6, 58, 20), "mlx5_core 0000:c1:00.0 ens2f0np0: Link down"),
        k(dt(2024, 4, 19, 6, 58, 20, 100000), "bond0: (slave ens2f0np0): link status definitely down, disabling slave"),
        k(dt(2024, 4, 19, 6, 58, 20, 100200), "bond0: now running without any active interface!"),
        k(dt(2024, 4, 19, 7, 14, 3), "mlx5_core 0000:c1:00.0: mlx5_pcie_event:301:(pid 1841): Detected insufficient power on the PCIe slot (27W)."),
    ]
    files["gpu-b04/kern.log"] = join(K)
    files["gpu-b04/ip_link.txt"] = join([
        "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000",
        "2: eno1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP mode DEFAULT group default qlen 1000",
        "    inet 172.16.8.43/24",
        "4: ens2f0np0: <NO-CARRIER,BROADCAST,MULTICAST,SLAVE,UP> mtu 9000 qdisc mq master bond0 state DOWN mode DEFAULT group default qlen 1000",
        "5: ens2f1np1: <NO-CARRIER,BROADCAST,MULTICAST,SLAVE,UP> mtu 9000 qdisc mq master bond0 state DOWN mode DEFAULT group default qlen 1000",
        "9: bond0: <NO-CARRIER,BROADCAST,MULTICAST,MASTER,UP> mtu 9000 qdisc noqueue state DOWN mode DEFAULT group default qlen 1000",
        "    inet 10.20.1.13/24",
    ])
    files["gpu-b02/ip_link.txt"] = join([
        "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000",
        "2: eno1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP mode DEFAULT group default qlen 1000",
        "    inet 172.16.8.41/24",
        "4: ens2f0np0: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 9000 qdisc mq master bond0 state UP mode DEFAULT group default qlen 1000",
        "5: ens2f1np1: <BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP> mtu 9000 qdisc mq master bond0 state UP mode DEFAULT group default qlen 1000",
        "9: bond0: <BROADCAST,MULTICAST,MASTER,UP,LOWER_UP> mtu 9000 qdisc noqueue state UP mode DEFAULT group default qlen 1000",
        "    inet 10.20.1.11/24",
    ])
    files["slurm-551902.out"] = join([
        "srun: error: gpu-b04: task 3: Exited with exit code 1",
        "srun: error: gpu-b01: task 0: Exited with exit code 1",
        "srun: error: gpu-b03: task 2: Exited with exit code 1",
        "srun: error: gpu-b06: task 5: Exited with exit code 1",
        "srun: error: gpu-b02: task 1: Exited with exit code 1",
        "srun: error: gpu-b05: task 4: Exited with exit code 1",
    ])
    label = dict(
        category="network", layer="infrastructure", culprit={"node": "gpu-b04", "rank": None}, action="restart_without_node",
        rationale="All 48 ranks fail creating the gloo data-parallel group, but only gpu-b04's ranks report 'Network is unreachable'; "
                  "its kern.log shows both bond0 slaves going link-down (the second at 06:58, before the job) and 'bond0: now running without any active interface!', "
                  "and ip_link shows bond0 NO-CARRIER there only. Rendezvous still worked over the management NIC. Drop gpu-b04 and relaunch.",
        modelled_on="https://github.com/NVIDIA/Megatron-LM/issues/877",
    )
    return name, files, label


# =====================================================================================
def bs03(rng):
    """monitored_barrier on a gloo group names rank 21; its py-spy stack is in a CUDA sync in eval, not the barrier."""
    name = "bs03_monitored_barrier_reports_rank_failed_to_pass"
    nodes = ["node-001", "node-002", "node-003", "node-004"]
    ips = {n: "10.30.0.%d" % (11 + i) for i, n in enumerate(nodes)}
    nproc = 8
    t0 = dt(2024, 5, 28, 18, 4, 11)
    t_eval = dt(2024, 5, 29, 0, 40, 2)
    t_fail = plus(t_eval, 1800.3)
    files = {}
    script = "train_vit.py"

    # rank-0 log (node-001)
    L = [torchrun_banner(plus(t0, 1))]
    for lr in range(nproc):
        L += nccl_init_block("node-001", 81200 + lr, lr, lr, 32, ifname="ib0", ip=ips["node-001"]) if lr < 2 else []
    t = plus(t0, 60)
    step = 0
    while t < t_eval:
        step += 100
        L.append("%s | INFO | train | epoch %d | step %6d | loss %.4f | lr %.2e | img/s %d | mem %.1fG"
                 % (iso(t), step // 5000, step, 6.9 - 0.00011 * step + rng.random() * 0.02, 1.0e-3, 9810 + rng.randint(-60, 60), 61.2))
        t = plus(t, 57 + rng.randint(0, 2))
    L.append("%s | INFO | eval | running validation (50000 images) before checkpoint at step %d" % (iso(t_eval), step))
    L.append("%s | INFO | ckpt | waiting for all ranks at monitored_barrier(group=gloo_ckpt_group, timeout=1800s)" % iso(plus(t_eval, 96)))
    tb = ["Traceback (most recent call last):",
          '  File "/work/vit/train_vit.py", line 512, in <module>',
          "    main(cfg)",
          '  File "/work/vit/train_vit.py", line 488, in main',
          "    save_checkpoint(model, optimizer, step, cfg)",
          '  File "/work/vit/checkpoint.py", line 61, in save_checkpoint',
          "    dist.monitored_barrier(group=ckpt_group, timeout=timedelta(seconds=1800))",
          '  File "%s/torch/distributed/c10d_logger.py", line 75, in wrapper' % PY,
          "    return func(*args, **kwargs)",
          '  File "%s/torch/distributed/distributed_c10d.py", line 3769, in monitored_barrier' % PY,
          "    return group_to_use.monitored_barrier(timeout, wait_all_ranks=wait_all_ranks)",
          "RuntimeError: [Rank 0]: Rank 21 failed to pass monitoredBarrier in 1800000 ms",
          " Original exception: ",
          "[../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 1800000ms for recv operation to complete"]
    L.extend(prefix(tb, 0))
    L.append(agent_line(plus(t_fail, 2.1), "WARNING", "Sending process 81201 closing signal SIGTERM"))
    L.append(agent_line(plus(t_fail, 2.5), "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: 81200) of binary: /usr/bin/python3"))
    root = dict(time=plus(t_fail, 2.5), host="node-001", rank=0, local_rank=0, exitcode=1, pid=81200,
                error_file="/tmp/torchelastic_1h7q/none_3b0/attempt_0/0/error.json",
                traceback="Traceback (most recent call last):\n  File \"/work/vit/checkpoint.py\", line 61, in save_checkpoint\n    dist.monitored_barrier(group=ckpt_group, timeout=timedelta(seconds=1800))\nRuntimeError: [Rank 0]: Rank 21 failed to pass monitoredBarrier in 1800000 ms")
    others = [dict(time=plus(t_fail, 3.0), host="node-001", rank=lr, local_rank=lr, exitcode=-15, pid=81200 + lr, traceback=sig_tb(15, 81200 + lr)) for lr in range(1, 8)]
    L.append(child_failed(script, root, others))
    files["node-001/torchrun.log"] = join(L)

    # other nodes: sympathetic gloo errors from the monitored barrier once rank 0 exits
    for ni, n in ((1, "node-002"), (2, "node-003"), (3, "node-004")):
        L = [torchrun_banner(plus(t0, 1 + ni * 0.2))]
        for lr in range(nproc):
            if ni * 8 + lr != 21:
                L.append("%s | INFO | eval | rank %d finished validation shard" % (iso(plus(t_eval, 70 + ni + lr)), ni * 8 + lr))
        if n == "node-003":
            L.append("%s | WARNING | hang_detector | local_rank 5 (rank 21): no progress heartbeat for 600s, dumping stacks to /scratch/hang_dumps/node-003/" % iso(plus(t_eval, 780)))
        for lr in range(nproc):
            r = ni * 8 + lr
            if n == "node-003" and lr == 5:
                continue
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/work/vit/checkpoint.py", line 61, in save_checkpoint',
                "    dist.monitored_barrier(group=ckpt_group, timeout=timedelta(seconds=1800))",
                gloo_closed(ips["node-001"], 45100 + r, line=534),
            ], r))
        tf = plus(t_fail, 3.4 + ni * 0.2)
        first_lr = 0
        L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (first_lr, 77000 + ni * 100)))
        if n == "node-003":
            L.append(agent_line(plus(tf, 30.0), "WARNING", "Unable to shutdown process 77205 via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"))
        root = dict(time=tf, host=n, rank=ni * 8, local_rank=0, exitcode=1, pid=77000 + ni * 100,
                    traceback="Traceback (most recent call last):\n  File \"/work/vit/checkpoint.py\", line 61, in save_checkpoint\n" + gloo_closed(ips["node-001"], 45100 + ni * 8))
        L.append(child_failed(script, root, []))
        files["%s/torchrun.log" % n] = join(L)

    # py-spy dumps from node-003
    ps = []
    for lr in (4, 5, 6):
        r = 16 + lr
        ps.append("Process %d: /usr/bin/python3 -u train_vit.py --config cfgs/vit_h14.yaml" % (77200 + lr))
        ps.append("Python v3.10.12 (/usr/bin/python3.10)")
        ps.append("")
        ps.append("Thread %d (active): \"MainThread\"" % (77200 + lr))
        if lr == 5:
            ps += [
                "    cuStreamSynchronize (libcuda.so.1)",
                "    cudaStreamSynchronize (libcudart.so.12)",
                "    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
                "    item (torch/_tensor.py)",
                "    evaluate (/work/vit/evaluate.py:88)",
                "    main (/work/vit/train_vit.py:481)",
                "    <module> (/work/vit/train_vit.py:512)",
            ]
        else:
            ps += [
                "    monitoredBarrier (libtorch_cpu.so)",
                "    monitored_barrier (torch/distributed/distributed_c10d.py:3769)",
                "    wrapper (torch/distributed/c10d_logger.py:75)",
                "    save_checkpoint (/work/vit/checkpoint.py:61)",
                "    main (/work/vit/train_vit.py:488)",
                "    <module> (/work/vit/train_vit.py:512)",
            ]
        ps.append("Thread %d (idle): \"Thread-3 (_pin_memory_loop)\"" % (77200 + lr + 40))
        ps.append("    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:53)")
        ps.append("")
    files["node-003/py_spy_dump_local_ranks_4-6.txt"] = join(ps)
    gpus = healthy_gpus(rng, util=(0, 0), pwr=(95, 120))
    gpus[5]["util"] = 100
    gpus[5]["pwr"] = 312
    files["node-003/nvidia-smi.txt"] = smi_table(plus(t_eval, 790), "550.54.15", "12.4", gpus,
                                                [(i, 77200 + i, "/usr/bin/python3", gpus[i]["used"] - 600) for i in range(8)])
    files["node-003/dmesg.txt"] = join([
        "[1203311.441290] IPv6: ADDRCONF(NETDEV_CHANGE): veth3c1e2f: link becomes ready",
        "[1224481.110004] nvidia-nvlink: Unregistered Nvlink Core, major device number 234",
        "[1224482.002981] nvidia-nvlink: Nvlink Core is being initialized, major device number 234",
    ])
    label = dict(
        category="hang", layer="infrastructure", culprit={"node": "node-003", "rank": 21}, action="run_diagnostics",
        rationale="Rank 0's gloo monitored_barrier names rank 21 as the only rank that never arrived; node-003's py-spy dump shows rank 21 "
                  "(local rank 5) stuck in cudaStreamSynchronize inside evaluate(), not in the barrier where its neighbours wait, and nvidia-smi "
                  "shows GPU 5 pinned at 100% while the rest idle, with no Xid. The gloo 'Connection closed' errors elsewhere follow rank 0's exit.",
        modelled_on="https://github.com/NVIDIA/nccl/issues/849",
    )
    return name, files, label


# =====================================================================================
def bs04(rng):
    """8-node mixed job: Xid 79 on one GPU; NCCL watchdogs and gloo closures everywhere else."""
    name = "bs04_nccl_watchdog_timeouts_and_gloo_peer_closed"
    nodes = ["ip-10-0-3-17", "ip-10-0-3-52", "ip-10-0-4-9", "ip-10-0-5-41", "ip-10-0-5-77", "ip-10-0-6-12", "ip-10-0-6-130", "ip-10-0-7-8"]
    ipof = {n: n[3:].replace("-", ".") for n in nodes}
    nproc = 8
    t0 = dt(2024, 7, 2, 9, 15, 0)
    t_xid = dt(2024, 7, 2, 14, 3, 11, 228000)
    t_wd = plus(t_xid, 600.4)
    boot = dt(2024, 6, 29, 2, 2, 40)
    files = {}
    culprit_node = "ip-10-0-5-41"
    cni = nodes.index(culprit_node)
    bad_lr = 2
    bad_rank = cni * 8 + bad_lr
    seq = 48211

    files["topology.json"] = '{"topology": {"spine-1/leaf-07": ["ip-10-0-3-17", "ip-10-0-3-52", "ip-10-0-4-9", "ip-10-0-5-41"], ' \
                             '"spine-1/leaf-08": ["ip-10-0-5-77", "ip-10-0-6-12", "ip-10-0-6-130", "ip-10-0-7-8"]}}\n'
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1), style="new")]
        L += nccl_init_block(n, 31000 + ni * 50, 0, ni * 8, 64, ifname="ens5", ip=ipof[n], ib=False)[:4]
        L.append(nccl_info(n, 31000 + ni * 50, 31037 + ni * 50, 0, "NET/OFI Selected Provider is efa (found 32 nics)"))
        L.append("[%s] [INFO] [trainer] created gloo group 'ckpt_coord' for %d ranks" % (iso(plus(t0, 41)), 64))
        if ni == 0:
            t = plus(t0, 120)
            step = 0
            while t < t_xid:
                step += 50
                L.append("[%s] [INFO] [trainer] step=%d loss=%.4f grad_norm=%.3f tokens/s=%d" % (iso(t), step, 2.71 - step * 0.000012 + rng.random() * 0.01, 0.9 + rng.random() * 0.2, 1_402_000 + rng.randint(-5000, 5000)))
                t = plus(t, 88 + rng.randint(0, 3))
        if n == culprit_node:
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/opt/train/llm/train.py", line 402, in <module>',
                "    main()",
                '  File "/opt/train/llm/train.py", line 377, in main',
                "    loss = train_step(model, batch, optimizer)",
                '  File "/opt/train/llm/train.py", line 214, in train_step',
                "    loss.backward()",
                '  File "%s/torch/_tensor.py", line 525, in backward' % PY,
                "    torch.autograd.backward(",
                '  File "%s/torch/autograd/__init__.py", line 267, in backward' % PY,
                "    _engine_run_backward(",
                '  File "%s/torch/autograd/graph.py", line 744, in _engine_run_backward' % PY,
                "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                "RuntimeError: CUDA error: unspecified launch failure",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            ], bad_rank))
            L.append(agent_line(plus(t_xid, 2.1), "WARNING", "Sending process %d closing signal SIGTERM" % (31000 + ni * 50 + 0), style="new"))
            L.append(agent_line(plus(t_xid, 2.8), "ERROR", "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (bad_lr, 31000 + ni * 50 + bad_lr), style="new"))
            root = dict(time=plus(t_xid, 2.8), host=n, rank=bad_rank, local_rank=bad_lr, exitcode=1, pid=31000 + ni * 50 + bad_lr,
                        error_file="/tmp/torchelastic_q2w/llm70b_%d/attempt_0/%d/error.json" % (ni, bad_lr),
                        traceback="Traceback (most recent call last):\n  File \"/opt/train/llm/train.py\", line 214, in train_step\n    loss.backward()\nRuntimeError: CUDA error: unspecified launch failure")
            L.append(child_failed("train.py", root, []))
        else:
            # ranks wait in NCCL; the watchdog fires 10 minutes later. The gloo coord group sees the dead peer earlier on some nodes.
            if ni in (1, 5):
                L.append(glog_new("W", plus(t_xid, 3.5 + ni), ni * 8 + 3, "ProcessGroupGloo.cpp:2917",
                                  "Warning: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [%s]:52917 (function operator())" % ipof[culprit_node]))
            for lr in range(nproc):
                r = ni * 8 + lr
                L.extend(nccl_watchdog(r, seq, "ALLREDUCE", 262144000, 600000, 600031 + rng.randint(0, 90), t=plus(t_wd, lr * 0.003 + ni * 0.01)))
            L.extend(nccl_abort_tail(ni * 8, seq, "ALLREDUCE", 262144000, 600000, 600044))
            tf = plus(t_wd, 5 + ni * 0.1)
            L.append(agent_line(tf, "ERROR", "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (31000 + ni * 50), style="new"))
            root = dict(time=tf, host=n, rank=ni * 8, local_rank=0, exitcode=-6, pid=31000 + ni * 50, traceback=sig_tb(6, 31000 + ni * 50))
            others = [dict(time=tf, host=n, rank=ni * 8 + lr, local_rank=lr, exitcode=-6, pid=31000 + ni * 50 + lr, traceback=sig_tb(6, 31000 + ni * 50 + lr)) for lr in range(1, 8)]
            L.append(child_failed("train.py", root, others))
        files["%s/torchrun.log" % n] = join(L)

    files["%s/dmesg.txt" % culprit_node] = join([
        "%s EFA: ib_efa 0000:10:01.0: Setup irq:0x4a name:efa-mgmt@pci:0000:10:01.0" % uptime(dt(2024, 6, 29, 2, 3, 9), boot),
        "%s NVRM: GPU at PCI:0000:3a:00: GPU-4b8f1e6a-2c7d-9b31-0e5a-77c2d4f1a903" % uptime(t_xid, boot),
        "%s NVRM: GPU Board Serial Number: 1654223011873" % uptime(t_xid, boot),
        "%s NVRM: Xid (PCI:0000:3a:00): 79, pid=%d, name=python, GPU has fallen off the bus." % (uptime(t_xid, boot), 31000 + cni * 50 + bad_lr),
        "%s NVRM: GPU 0000:3a:00.0: GPU has fallen off the bus." % uptime(plus(t_xid, 0.0001), boot),
        "%s NVRM: A GPU crash dump has been created. If possible, please run" % uptime(plus(t_xid, 0.2), boot),
        "%s NVRM: nvidia-bug-report.sh as root to collect this data before" % uptime(plus(t_xid, 0.2), boot),
        "%s NVRM: the NVIDIA kernel module is unloaded." % uptime(plus(t_xid, 0.2), boot),
        "%s pcieport 0000:37:01.0: AER: Uncorrected (Fatal) error received: 0000:37:01.0" % uptime(plus(t_xid, -0.002), boot),
        "%s pcieport 0000:37:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)" % uptime(plus(t_xid, -0.002), boot),
    ])
    files["%s/nvidia-smi.txt" % culprit_node] = join([
        "Unable to determine the device handle for GPU0000:3A:00.0: Unknown Error",
    ])
    files["ip-10-0-6-12/dmesg.txt"] = join([
        "%s ena 0000:00:05.0 ens5: Found a Tx that wasn't completed on time, qid 3, index 511. 1 msecs have passed since last napi execution." % uptime(dt(2024, 7, 2, 11, 20, 4), boot),
    ])
    label = dict(
        category="gpu_hardware", layer="infrastructure", culprit={"node": culprit_node, "rank": bad_rank}, action="restart_without_node",
        rationale="At 14:03:11 ip-10-0-5-41 logs 'NVRM: Xid ... 79, GPU has fallen off the bus' for the GPU at 3a:00 (local rank 2), and rank 26 dies "
                  "with 'CUDA error: unspecified launch failure' a second later; every other node's NCCL watchdog times out on the same all-reduce "
                  "ten minutes afterwards and the gloo coordination group only reports the dead peer. Exclude that node.",
        modelled_on="https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507",
    )
    return name, files, label


# =====================================================================================
def bs05(rng):
    """Clean completion with noisy teardown warnings."""
    name = "bs05_run_ends_with_process_group_warnings"
    nodes = ["hpc-gn031", "hpc-gn032", "hpc-gn033"]
    nproc = 4
    t0 = dt(2024, 3, 3, 20, 0, 5)
    t_end = dt(2024, 3, 4, 6, 41, 58)
    files = {}
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        L.append(glog_old("W", None, "socket.cpp:464", "[c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use).") if ni == 0 else
                 "%s torch.distributed.elastic.rendezvous.dynamic_rendezvous: [INFO] The node '%s_8817_0' has joined round 0 of the rendezvous 'wav2vec-77120' as rank %d in a world of size 3." % (bracket_ms(plus(t0, 2)), n, ni))
        if ni == 0:
            L.append(glog_old("W", None, "socket.cpp:464", "[c10d] The server socket has failed to bind to 0.0.0.0:29500 (errno: 98 - Address already in use)."))
            L.append(glog_old("E", None, "socket.cpp:500", "[c10d] The server socket has failed to listen on any local network address."))
            L.append("%s torch.distributed.elastic.rendezvous.c10d_rendezvous_backend: [INFO] Port 29500 already in use on hpc-gn031, using the existing store server" % bracket_ms(plus(t0, 2)))
        for lr in range(nproc):
            r = ni * 4 + lr
            L.append("%s - INFO - rank %d: process groups ready (nccl + gloo)" % (ms(plus(t0, 12 + lr * 0.1)), r))
            if ni == 2 and lr == 0:
                L.append("/opt/conda/lib/python3.10/site-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()")
                L.append("  return self.fget.__get__(instance, owner)()")
        if ni == 0:
            t = plus(t0, 300)
            step = 0
            while t < plus(t_end, -400):
                step += 500
                L.append("%s - INFO - step %d/140000 | loss %.3f | wer %.3f | %.2f it/s" % (ms(t), step, 3.1 - step * 0.000017 + rng.random() * 0.03, 0.41 - step * 0.0000019, 3.6 + rng.random() * 0.1))
                t = plus(t, 138 + rng.randint(0, 4))
            L.append("%s - INFO - step 140000/140000 reached, running final evaluation" % ms(plus(t_end, -380)))
            L.append("%s - INFO - final dev WER 0.1471 (best 0.1466 at step 132500)" % ms(plus(t_end, -95)))
            L.append("%s - INFO - saved final checkpoint to /gpfs/asr/ckpt/w2v_large/step_140000.pt (1.21 GB)" % ms(plus(t_end, -41)))
        for lr in range(nproc):
            r = ni * 4 + lr
            L.append(glog_new("W", plus(t_end, -3 + lr * 0.01), r, "ProcessGroupNCCL.cpp:1250",
                              "Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())"))
        if ni == 1:
            L.append(glog_new("W", plus(t_end, -2), 5, "ProcessGroupGloo.cpp:2917",
                              "Warning: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.50.3.31]:46211 (function operator())"))
        L.append(agent_server_line(plus(t_end, 0.5 + ni * 0.2), "INFO", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
        L.append(agent_server_line(plus(t_end, 0.5 + ni * 0.2), "INFO", "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"))
        L.append(agent_server_line(plus(t_end, 1.1), "INFO", "Done waiting for other agents. Elapsed: %.7f seconds" % (0.61 - ni * 0.2)))
        files["%s/torchrun.log" % n] = join(L)
    files["slurm-77120.out"] = join([
        "Job 77120 (w2v_large_ft) started %s on hpc-gn[031-033]" % iso_t(t0),
        "Job 77120 finished %s, exit 0" % iso_t(plus(t_end, 2)),
    ])
    files["sacct.txt"] = sacct([
        ("77120", "w2v_large+", "gpu", "speech", "96", "COMPLETED", "0:0"),
        ("77120.batch", "batch", "", "speech", "32", "COMPLETED", "0:0"),
        ("77120.0", "torchrun", "", "speech", "96", "COMPLETED", "0:0"),
    ])
    label = dict(
        category="unknown", layer="framework", culprit=None, action="none",
        rationale="The run reached step 140000/140000, saved its final checkpoint, every torchrun agent reports WorkerState.SUCCEEDED and sacct says COMPLETED 0:0. "
                  "The port-in-use notice, loopback fallback, 'process group has NOT been destroyed' warnings and a teardown-time gloo close are harmless.",
        modelled_on="https://github.com/ai2cm/ace/issues/679",
    )
    return name, files, label


# =====================================================================================
def bs06(rng):
    """CPU tensor passed to an NCCL-only default group in the metric sync: same error on every rank."""
    name = "bs06_all_ranks_crash_at_first_validation_sync"
    nodes = ["gpu-a17", "gpu-a18"]
    nproc = 8
    t0 = dt(2024, 8, 14, 10, 12, 40)
    t_fail = dt(2024, 8, 14, 10, 41, 7, 310000)
    files = {}
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1), style="new")]
        for lr in range(nproc):
            L.append("[%s][INFO][rank %d] init_process_group(backend='nccl') done; created gloo subgroup for object broadcast" % (ms(plus(t0, 20)), ni * 8 + lr))
        if ni == 0:
            t = plus(t0, 60)
            for step in range(50, 501, 50):
                L.append("[%s][INFO][rank 0] train step %d loss %.4f acc %.3f" % (ms(t), step, 1.9 - step * 0.0012 + rng.random() * 0.01, 0.41 + step * 0.0004))
                t = plus(t, 166 + rng.randint(0, 5))
            L.append("[%s][INFO][rank 0] step 500: running validation" % ms(plus(t_fail, -52)))
        for lr in range(nproc):
            r = ni * 8 + lr
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/home/ml/seg3d/train.py", line 301, in <module>',
                "    main()",
                '  File "/home/ml/seg3d/train.py", line 288, in main',
                "    metrics = evaluate(model, val_loader, device)",
                '  File "/home/ml/seg3d/evaluate.py", line 92, in evaluate',
                "    return sync_metrics(stats)",
                '  File "/home/ml/seg3d/evaluate.py", line 71, in sync_metrics',
                "    dist.all_reduce(stats, op=dist.ReduceOp.SUM)",
            ] + c10d_frames("all_reduce")[:2] + [
                '  File "%s/torch/distributed/distributed_c10d.py", line 2219, in all_reduce' % PY,
                "    work = group.allreduce([tensor], opts)",
                "RuntimeError: No backend type associated with device type cpu",
            ], r))
        tf = plus(t_fail, 0.6 + ni * 0.04)
        pid0 = 22110 + ni * 17
        L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /home/ml/.venv/bin/python" % pid0, style="new"))
        mk = lambda lr: dict(time=tf, host=n, rank=ni * 8 + lr, local_rank=lr, exitcode=1, pid=pid0 + lr,
                             error_file="/tmp/torchelastic_aa01/seg3d_%d/attempt_0/%d/error.json" % (ni, lr),
                             traceback="Traceback (most recent call last):\n  File \"/home/ml/seg3d/evaluate.py\", line 71, in sync_metrics\n    dist.all_reduce(stats, op=dist.ReduceOp.SUM)\nRuntimeError: No backend type associated with device type cpu")
        L.append(child_failed("train.py", mk(0), [mk(lr) for lr in range(1, 8)]))
        files["%s/torchrun.log" % n] = join(L)
    files["evaluate_py_excerpt.txt"] = join([
        "# /home/ml/seg3d/evaluate.py (lines 64-72, commit 1c9e0d4 'count voxels on host to save GPU memory')",
        "def sync_metrics(stats_list):",
        "    stats = torch.tensor(stats_list, dtype=torch.float64)   # stays on CPU",
        "    if dist.is_initialized():",
        "        dist.all_reduce(stats, op=dist.ReduceOp.SUM)          # default group is NCCL",
        "    return compute_dice(stats)",
    ])
    label = dict(
        category="user_code", layer="script", culprit=None, action="stop",
        rationale="All 16 ranks fail at the same line, evaluate.py:71, with 'No backend type associated with device type cpu': the new code "
                  "all-reduces a CPU tensor on the NCCL default group instead of the gloo subgroup. It is a deterministic script bug, not a node problem.",
        modelled_on="https://github.com/unslothai/unsloth-zoo/issues/129",
    )
    return name, files, label


# =====================================================================================
def bs07(rng):
    """Checkpoint coordination over gloo times out on every node while the NFS server stops responding."""
    name = "bs07_checkpoint_barrier_timeouts_on_every_node"
    nodes = ["node-011", "node-012", "node-013", "node-014", "node-015"]
    ips = {n: "10.40.2.%d" % (11 + i) for i, n in enumerate(nodes)}
    nproc = 4
    t0 = dt(2024, 9, 10, 20, 5, 0)
    t_ck = dt(2024, 9, 11, 3, 40, 52)
    t_nfs = dt(2024, 9, 11, 3, 41, 9)
    t_to = plus(t_ck, 1800.2)
    t_nfs_ok = dt(2024, 9, 11, 4, 19, 44)
    files = {}
    boots = {n: dt(2024, 9, 1, 8, i, 41) for i, n in enumerate(nodes)}
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        if ni == 0:
            t = plus(t0, 90)
            step = 0
            while t < t_ck:
                step += 100
                L.append("%s INFO     step %d loss %.4f lr %.3e throughput %.1f samples/s" % (ms(t), step, 2.2 - step * 0.00002 + rng.random() * 0.01, 2e-4, 612 + rng.random() * 8))
                t = plus(t, 227 + rng.randint(0, 3))
            L.append("%s INFO     step 12000: saving checkpoint to /mnt/shared/ckpt/run-0910/step_12000 (rank 0 writes, others wait on gloo barrier)" % ms(t_ck))
            L.append("%s INFO     wrote model.pt (9.8 GiB) in 14.2s" % ms(plus(t_ck, 14.2)))
        for lr in range(nproc):
            r = ni * 4 + lr
            if r == 0:
                continue
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/mnt/shared/code/tts/train.py", line 455, in <module>',
                "    trainer.run()",
                '  File "/mnt/shared/code/tts/trainer.py", line 310, in run',
                "    self.save(step)",
                '  File "/mnt/shared/code/tts/trainer.py", line 352, in save',
                "    dist.barrier(group=self.gloo_group)",
            ] + c10d_frames("barrier") + [gloo_timeout(1800000, "recv")], r))
        tf = plus(t_to, 0.8 + ni * 0.03)
        if ni == 0:
            L.append(agent_line(plus(t_to, 1.0), "WARNING", "Sending process 90411 closing signal SIGTERM"))
            L.append(agent_line(plus(t_to, 1.4), "ERROR", "failed (exitcode: 1) local_rank: 1 (pid: 90412) of binary: /usr/bin/python3"))
            root = dict(time=plus(t_to, 1.4), host=n, rank=1, local_rank=1, exitcode=1, pid=90412,
                        traceback="Traceback (most recent call last):\n  File \"/mnt/shared/code/tts/trainer.py\", line 352, in save\n    dist.barrier(group=self.gloo_group)\n" + gloo_timeout(1800000))
            others = [dict(time=plus(t_to, 31.5), host=n, rank=0, local_rank=0, exitcode=-9, pid=90411, traceback=sig_tb(9, 90411))]
            L.append(agent_line(plus(t_to, 31.4), "WARNING", "Unable to shutdown process 90411 via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"))
        else:
            L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (90400 + ni * 30)))
            root = dict(time=tf, host=n, rank=ni * 4, local_rank=0, exitcode=1, pid=90400 + ni * 30,
                        traceback="Traceback (most recent call last):\n  File \"/mnt/shared/code/tts/trainer.py\", line 352, in save\n    dist.barrier(group=self.gloo_group)\n" + gloo_timeout(1800000))
            others = []
        L.append(child_failed("train.py", root, others))
        files["%s/torchrun.log" % n] = join(L)

        K = []
        b = boots[n]
        tn = plus(t_nfs, ni * 3.1)
        K.append("%s %s kernel: %s nfs: server nas-02 not responding, still trying" % (syslog_ts(tn), n, uptime(tn, b)))
        if ni == 0:
            th = plus(t_nfs, 245)
            K += [
                "%s %s kernel: %s INFO: task python3:90411 blocked for more than 241 seconds." % (syslog_ts(th), n, uptime(th, b)),
                "%s %s kernel: %s       Tainted: P           OE     5.15.0-112-generic #122-Ubuntu" % (syslog_ts(th), n, uptime(th, b)),
                "%s %s kernel: %s \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message." % (syslog_ts(th), n, uptime(th, b)),
                "%s %s kernel: %s task:python3         state:D stack:    0 pid:90411 ppid: 90390 flags:0x00004002" % (syslog_ts(th), n, uptime(th, b)),
                "%s %s kernel: %s Call Trace:" % (syslog_ts(th), n, uptime(th, b)),
                "%s %s kernel: %s  <TASK>" % (syslog_ts(th), n, uptime(th, b)),
                "%s %s kernel: %s  rpc_wait_bit_killable+0x25/0xb0 [sunrpc]" % (syslog_ts(th), n, uptime(th, b)),
                "%s %s kernel: %s  nfs_file_fsync+0x5e/0x1e0 [nfs]" % (syslog_ts(th), n, uptime(th, b)),
                "%s %s kernel: %s  filp_close+0x37/0x70" % (syslog_ts(th), n, uptime(th, b)),
            ]
        tk = plus(t_nfs_ok, ni * 2.2)
        K.append("%s %s kernel: %s nfs: server nas-02 OK" % (syslog_ts(tk), n, uptime(tk, b)))
        files["%s/kern.log" % n] = join(K)
    files["storage_alerts.log"] = join([
        "%s [ALERT] nas-02: nfsd thread pool exhausted (256/256 busy), 3811 RPCs queued" % iso_t(plus(t_nfs, -20)),
        "%s [ALERT] nas-02: NFS latency p99 41.2s on export /export/shared" % iso_t(plus(t_nfs, 60)),
        "%s [RESOLVED] nas-02: nfsd latency back to normal (p99 8ms)" % iso_t(plus(t_nfs_ok, 30)),
    ])
    label = dict(
        category="storage", layer="infrastructure", culprit=None, action="restart",
        rationale="Every node logs 'nfs: server nas-02 not responding' seconds after rank 0 starts writing the step-12000 checkpoint; rank 0 sits in D state "
                  "in nfs_file_fsync while the other ranks time out in the gloo checkpoint barrier after 1800000 ms. The shared NFS server stalled and later "
                  "reported OK, so it is a transient shared-storage problem: restart.",
        modelled_on="https://github.com/Mouse-Imaging-Centre/pydpiper/issues/338",
    )
    return name, files, label


# =====================================================================================
def bs08(rng):
    """Sharded checkpoint staging to local NVMe fills the disk on one node."""
    name = "bs08_shard_save_oserror_then_gloo_closed_elsewhere"
    nodes = ["trn-c10", "trn-c11", "trn-c12", "trn-c13"]
    ips = {n: "10.61.0.%d" % (10 + i) for i, n in enumerate(nodes)}
    nproc = 8
    t0 = dt(2024, 10, 2, 1, 0, 0)
    t_save = dt(2024, 10, 2, 9, 30, 0)
    t_err = dt(2024, 10, 2, 9, 31, 47, 520000)
    files = {}
    bad = "trn-c12"
    bi = nodes.index(bad)
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        if ni == 0:
            t = plus(t0, 100)
            step = 0
            while t < t_save:
                step += 250
                L.append("%s [INFO] fsdp_train: step=%d loss=%.4f mfu=%.1f%%" % (ms(t), step, 2.05 - step * 0.00001 + rng.random() * 0.01, 41.0 + rng.random()))
                t = plus(t, 441 + rng.randint(0, 5))
            L.append("%s [INFO] ckpt: step=16000 staging sharded state dict to /local_scratch/ckpt_stage then uploading to s3://ml-ckpt/llm8b/" % ms(t_save))
        if n == bad:
            for lr in range(nproc):
                r = ni * 8 + lr
                L.extend(prefix([
                    "Traceback (most recent call last):",
                    '  File "/opt/llm/train_fsdp.py", line 520, in <module>',
                    "    main()",
                    '  File "/opt/llm/train_fsdp.py", line 497, in main',
                    "    ckpt.save_local(step, model, optim)",
                    '  File "/opt/llm/ckpt.py", line 88, in save_local',
                    "    torch.save(shard, tmp_path)",
                    '  File "%s/torch/serialization.py", line 628, in save' % PY,
                    "    _save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)",
                    '  File "%s/torch/serialization.py", line 862, in _save' % PY,
                    "    zip_file.write_record(name, storage, num_bytes)",
                    "RuntimeError: [enforce fail at inline_container.cc:778] . PytorchStreamWriter failed writing file data/%d: file write failed" % (40 + lr),
                    "",
                    "During handling of the above exception, another exception occurred:",
                    "",
                    "Traceback (most recent call last):",
                    '  File "/opt/llm/ckpt.py", line 86, in save_local',
                    "    with open(tmp_path, \"wb\") as f:",
                    "OSError: [Errno 28] No space left on device",
                ], r))
            tf = plus(t_err, 0.3)
            L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 3 (pid: 61203) of binary: /usr/bin/python"))
            mk = lambda lr, tt: dict(time=tt, host=n, rank=ni * 8 + lr, local_rank=lr, exitcode=1, pid=61200 + lr,
                                     traceback="Traceback (most recent call last):\n  File \"/opt/llm/ckpt.py\", line 86, in save_local\n    with open(tmp_path, \"wb\") as f:\nOSError: [Errno 28] No space left on device")
            L.append(child_failed("train_fsdp.py", mk(3, tf), [mk(lr, plus(tf, 0.02 * lr)) for lr in range(8) if lr != 3]))
        else:
            for lr in range(nproc):
                r = ni * 8 + lr
                L.extend(prefix([
                    "Traceback (most recent call last):",
                    '  File "/opt/llm/ckpt.py", line 97, in save_local',
                    "    dist.barrier(group=self.cpu_group)",
                ] + c10d_frames("barrier") + [gloo_closed(ips[bad], 47000 + r * 7)], r))
            tf = plus(t_err, 1.1 + ni * 0.05)
            L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (61000 + ni * 400)))
            root = dict(time=tf, host=n, rank=ni * 8, local_rank=0, exitcode=1, pid=61000 + ni * 400,
                        traceback="Traceback (most recent call last):\n  File \"/opt/llm/ckpt.py\", line 97, in save_local\n    dist.barrier(group=self.cpu_group)\n" + gloo_closed(ips[bad], 47000 + ni * 56))
            L.append(child_failed("train_fsdp.py", root, []))
        files["%s/torchrun.log" % n] = join(L)
        use = {"trn-c10": (1490, 611, 879, 41), "trn-c11": (1490, 640, 850, 43), "trn-c12": (1490, 1490, 0, 100), "trn-c13": (1490, 598, 892, 41)}[n]
        files["%s/df_h.txt" % n] = join([
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/nvme0n1p2  437G  118G  297G  29% /",
            "/dev/md0        %dG  %dG  %dG %3d%% /local_scratch" % use,
            "tmpfs           1.0T   12G 1012G   2% /dev/shm",
        ])
    files["%s/du_local_scratch.txt" % bad] = join([
        "702G\t/local_scratch/ckpt_stage",
        "   688G\t/local_scratch/ckpt_stage/step_12000   (upload marker missing: .uploaded not present)",
        "    14G\t/local_scratch/ckpt_stage/step_16000",
        "788G\t/local_scratch/hf_datasets_cache",
    ])
    label = dict(
        category="storage", layer="infrastructure", culprit={"node": bad, "rank": None}, action="restart_without_node",
        rationale="All eight ranks on trn-c12 fail writing their checkpoint shards with 'OSError: [Errno 28] No space left on device', and df shows "
                  "/local_scratch at 100% on trn-c12 only (about 41% elsewhere). The gloo 'Connection closed by peer' errors in the checkpoint barrier "
                  "on the other nodes all point at trn-c12's address.",
        modelled_on="https://github.com/ShoufaChen/DiffusionDet/issues/39",
    )
    return name, files, label


# =====================================================================================
def bs09(rng):
    """Collective mismatch: attempt 1 hangs (gloo timeout), attempt 2 with DETAIL debug names the mismatch."""
    name = "bs09_rerun_with_debug_reports_collective_mismatch"
    nodes = ["gpu-c01", "gpu-c02", "gpu-c03"]
    ips = {n: "10.70.0.%d" % (21 + i) for i, n in enumerate(nodes)}
    nproc = 4
    files = {}
    # attempt 1: hangs at early-stopping broadcast, gloo 30 min timeout
    t0 = dt(2024, 11, 5, 9, 0, 0)
    t_val = dt(2024, 11, 5, 11, 12, 30)
    t_to = plus(t_val, 1800.1)
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        if ni == 0:
            L.append("%s INFO epoch 7 validation: val_loss=0.3121 (best 0.3188) -> improved, broadcasting early-stop state" % ms(t_val))
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/srv/nlp/finetune.py", line 333, in <module>',
                "    run()",
                '  File "/srv/nlp/finetune.py", line 301, in run',
                "    stopper.sync(improved)",
                '  File "/srv/nlp/early_stop.py", line 40, in sync',
                "    dist.broadcast_object_list(state, src=0, group=self.cpu_group)",
            ] + bcast_obj_frames() + [gloo_timeout(1800000, "recv")], 0))
        for lr in range(nproc):
            r = ni * 4 + lr
            if r == 0:
                continue
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/srv/nlp/finetune.py", line 306, in run',
                "    dist.barrier(group=cpu_group)",
            ] + c10d_frames("barrier") + [gloo_timeout(1800000, "recv")], r))
        tf = plus(t_to, 0.5 + ni * 0.1)
        L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (41000 + ni * 10)))
        L.append(child_failed("finetune.py", dict(time=tf, host=n, rank=ni * 4, local_rank=0, exitcode=1, pid=41000 + ni * 10, traceback=gloo_timeout(1800000)), []))
        files["attempt_1/%s/torchrun.log" % n] = join(L)
    files["attempt_1/slurm-60311.out"] = join([
        "srun: error: gpu-c01: task 0: Exited with exit code 1",
        "srun: error: gpu-c02: task 1: Exited with exit code 1",
        "srun: error: gpu-c03: task 2: Exited with exit code 1",
    ])
    # attempt 2: TORCH_DISTRIBUTED_DEBUG=DETAIL
    t0 = dt(2024, 11, 5, 13, 2, 0)
    t_val = dt(2024, 11, 5, 15, 14, 51)
    for ni, n in enumerate(nodes):
        L = ["+ export TORCH_DISTRIBUTED_DEBUG=DETAIL", torchrun_banner(plus(t0, 1))]
        if ni == 0:
            L.append("%s INFO epoch 7 validation: val_loss=0.3119 (best 0.3188) -> improved, broadcasting early-stop state" % ms(t_val))
        for lr in range(nproc):
            r = ni * 4 + lr
            if r == 0:
                msg = ("RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=1841, "
                       "OpType=BROADCAST, TensorShape=[1], TensorDtypes=Long, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cpu, layout=Strided (default), "
                       "requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))), but Rank 1 is running collective: "
                       "CollectiveFingerPrint(SequenceNumber=1841, OpType=BARRIER).Collectives differ in the following aspects: \t Op type: BROADCASTvs BARRIER")
                L.extend(prefix([
                    "Traceback (most recent call last):",
                    '  File "/srv/nlp/finetune.py", line 333, in <module>',
                    "    run()",
                    '  File "/srv/nlp/finetune.py", line 301, in run',
                    "    stopper.sync(improved)",
                    '  File "/srv/nlp/early_stop.py", line 40, in sync',
                    "    dist.broadcast_object_list(state, src=0, group=self.cpu_group)",
                ] + bcast_obj_frames()[:-1] + ["    work = group.broadcast([tensor], opts)", msg], r))
            else:
                msg = ("RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=1841, OpType=BARRIER), "
                       "but Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=1841, OpType=BROADCAST, TensorShape=[1], TensorDtypes=Long, "
                       "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cpu, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), "
                       "memory_format=(nullopt))).Collectives differ in the following aspects: \t Op type: BARRIERvs BROADCAST" % r)
                L.extend(prefix([
                    "Traceback (most recent call last):",
                    '  File "/srv/nlp/finetune.py", line 306, in run',
                    "    dist.barrier(group=cpu_group)",
                    '  File "%s/torch/distributed/c10d_logger.py", line 75, in wrapper' % PY,
                    "    return func(*args, **kwargs)",
                    '  File "%s/torch/distributed/distributed_c10d.py", line 3696, in barrier' % PY,
                    "    work = group.barrier(opts=opts)",
                    msg,
                ], r))
        tf = plus(t_val, 0.7 + ni * 0.05)
        L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (52000 + ni * 10)))
        L.append(child_failed("finetune.py", dict(time=tf, host=n, rank=ni * 4, local_rank=0, exitcode=1, pid=52000 + ni * 10,
                                                  traceback="RuntimeError: Detected mismatch between collectives on ranks. ..."), []))
        files["attempt_2/%s/torchrun.log" % n] = join(L)
    files["attempt_2/slurm-60377.out"] = join([
        "srun: error: gpu-c02: task 1: Exited with exit code 1",
        "srun: error: gpu-c01: task 0: Exited with exit code 1",
        "srun: error: gpu-c03: task 2: Exited with exit code 1",
    ])
    files["early_stop_py_excerpt.txt"] = join([
        "# /srv/nlp/early_stop.py",
        "    def sync(self, improved):",
        "        if dist.get_rank() == 0 and improved:",
        "            state = [self.best, self.bad_epochs]",
        "            dist.broadcast_object_list(state, src=0, group=self.cpu_group)",
        "# /srv/nlp/finetune.py:306 (all ranks)",
        "        dist.barrier(group=cpu_group)",
    ])
    label = dict(
        category="hang", layer="script", culprit=None, action="stop",
        rationale="Attempt 1 hung in the gloo group until the 1800000 ms timeouts; rerun with TORCH_DISTRIBUTED_DEBUG=DETAIL, every rank reports the same "
                  "mismatch at SequenceNumber=1841: rank 0 runs BROADCAST (broadcast_object_list under 'rank == 0 and improved') while all others run BARRIER. "
                  "That is a collective-order bug in the script.",
        modelled_on="https://github.com/Lightning-AI/pytorch-lightning/issues/19106",
    )
    return name, files, label


# =====================================================================================
def bs10(rng):
    """A leaf switch flaps; four nodes lose link at once; gloo resets and NCCL IB errors everywhere."""
    name = "bs10_connection_reset_by_peer_on_many_ranks_midrun"
    nodes = ["gn-101", "gn-102", "gn-103", "gn-104", "gn-105", "gn-106", "gn-107", "gn-108"]
    ips = {n: "10.8.1.%s" % n[-3:] for n in nodes}
    nproc = 8
    t0 = dt(2024, 12, 1, 0, 10, 0)
    t_flap = dt(2024, 12, 1, 5, 22, 41, 118000)
    t_up = plus(t_flap, 37)
    files = {}
    files["topology.json"] = '{"topology": {"leaf-a": ["gn-101", "gn-102", "gn-103", "gn-104"], "leaf-b": ["gn-105", "gn-106", "gn-107", "gn-108"], "spine": ["leaf-a", "leaf-b"]}}\n'
    boot = dt(2024, 11, 20, 3, 3, 3)
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1), style="new")]
        L += nccl_init_block(n, 12000 + ni * 40, 0, ni * 8, 64, ifname="ens1f0np0", ip=ips[n], link="RoCE")
        if ni == 0:
            t = plus(t0, 70)
            step = 0
            while t < t_flap:
                step += 20
                L.append("[%s] iter %d | lm loss %.4f | grad norm %.3f | tflops %.1f" % (iso(t), step, 2.41 - step * 0.00004 + rng.random() * 0.01, 0.8 + rng.random() * 0.3, 402 + rng.random() * 4))
                t = plus(t, 61 + rng.randint(0, 2))
        t_err = plus(t_flap, 0.4 + rng.random())
        lr = ni % 8
        r = ni * 8 + lr
        if ni >= 4:
            peer = nodes[(ni + 1) % 8] if (ni + 1) % 8 >= 4 else "gn-105"
        else:
            peer = nodes[4 + ni]
        L.append(nccl_warn(n, 12000 + ni * 40 + lr, 12120 + ni * 40, lr,
                           "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s"
                           % (ips[peer], 50000 + ni, ips[n], ips[peer])))
        L.append(nccl_info(n, 12000 + ni * 40 + lr, 12120 + ni * 40, lr, "transport/net.cc:1298 -> 6"))
        L.extend(prefix([
            "Traceback (most recent call last):",
            '  File "/workspace/megatron/pretrain_gpt.py", line 243, in <module>',
            "    pretrain(",
            '  File "/workspace/megatron/megatron/training/training.py", line 1201, in train',
            "    found_inf = all_reduce_cpu_flag(flag, group=gloo_dp_group)",
            '  File "/workspace/megatron/megatron/training/utils.py", line 388, in all_reduce_cpu_flag',
            "    torch.distributed.all_reduce(t, group=group)",
        ] + c10d_frames("all_reduce") + [gloo_reset(ips[peer], 44000 + r)], r))
        L.append(glog_pid("E", plus(t_err, 1.4), 12000 + ni * 40 - 3, "torch/distributed/elastic/multiprocessing/api.py:833",
                          "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (lr, 12000 + ni * 40 + lr)))
        L.append(child_failed("pretrain_gpt.py", dict(time=plus(t_err, 1.4), host=n, rank=r, local_rank=lr, exitcode=1, pid=12000 + ni * 40 + lr,
                                                      traceback=gloo_reset(ips[peer], 44000 + r)), []))
        files["%s/torchrun.log" % n] = join(L)
        if ni >= 4:
            tl = plus(t_flap, -0.35 + ni * 0.0013)
            files["%s/dmesg.txt" % n] = join([
                "%s mlx5_core 0000:1a:00.0: mlx5_cmd_out_err:838:(pid 0): QUERY_VPORT_COUNTER(0x770) op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x54a0c6), err(-22)" % uptime(dt(2024, 11, 20, 3, 4, 0), boot),
                "%s mlx5_core 0000:1a:00.0 ens1f0np0: Link down" % uptime(tl, boot),
                "%s mlx5_core 0000:1a:00.0 ens1f0np0: Link up" % uptime(plus(t_up, ni * 0.002), boot),
            ])
    files["fabric_events.log"] = join([
        "%s leaf-b %%PLATFORM-2-PFM_FAN_FAIL: Fan module 3 speed below threshold" % iso_t(plus(t_flap, -3600)),
        "%s leaf-b %%ETHPORT-5-IF_DOWN_LINK_FAILURE: Interface Ethernet1/49 (uplink to spine) is down (Link failure)" % iso_t(plus(t_flap, -0.6)),
        "%s leaf-b %%ETHPORT-5-IF_DOWN_LINK_FAILURE: Interface Ethernet1/50 (uplink to spine) is down (Link failure)" % iso_t(plus(t_flap, -0.6)),
        "%s leaf-b %%SYSMGR-2-SERVICE_CRASHED: Service \"ipfib\" (PID 4129) hasn't caught signal 6 (core will be saved)." % iso_t(plus(t_flap, -0.5)),
        "%s leaf-b %%ETHPORT-5-IF_DOWN_LINK_FAILURE: Interface Ethernet1/1-4 (descr: gn-105..gn-108 p0) is down (Link failure)" % iso_t(plus(t_flap, -0.4)),
        "%s leaf-b %%ETHPORT-5-IF_UP: Interface Ethernet1/49 is up" % iso_t(plus(t_up, -1)),
        "%s leaf-b %%ETHPORT-5-IF_UP: Interface Ethernet1/1-4 is up" % iso_t(t_up),
    ])
    label = dict(
        category="network", layer="infrastructure", culprit=None, action="restart",
        rationale="At 05:22:41 all four leaf-b hosts (gn-105..gn-108) log their RoCE port 'Link down' within milliseconds and 'Link up' 37 s later, while leaf-b's "
                  "fabric log shows its spine uplinks and host ports dropping as a process crashes. Every node then hits gloo 'Connection reset by peer' "
                  "and NCCL IB completion errors. A switch-level event, not one node: restart.",
        modelled_on="https://github.com/RVC-Project/Retrieval-based-Voice-Conversion-WebUI/issues/1882",
    )
    return name, files, label


CASES = [bs01, bs02, bs03, bs04, bs05, bs06, bs07, bs08, bs09, bs10]
