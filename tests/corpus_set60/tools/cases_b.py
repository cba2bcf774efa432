"""Cases be08-be14: fabric-level failures, timeouts without an address,
degraded links, and non-network causes behind an accused address."""

import json
import random

from lib import (Bundle, T, sec, f_dmesg_T, f_uptime, f_glog, f_glog_ns, f_py, f_short_iso, ibstat_ca,
                 perfquery, nccl_prefix)
from jobs import Job
from scen import Scenario


# ============================================================================ be08
def be08():
    rng = random.Random(6008)
    b = Bundle("be08_pair_of_nodes_timeout_toward_each_other")
    leaves = {"ib-leaf-07": ["dgx-b07", "dgx-b08"], "ib-leaf-09": ["dgx-c01", "dgx-c02"]}
    hosts = ["dgx-b07", "dgx-b08", "dgx-c01", "dgx-c02"]
    ips = {"dgx-b07": "10.33.7.107", "dgx-b08": "10.33.7.108", "dgx-c01": "10.33.9.201", "dgx-c02": "10.33.9.202"}
    job = Job(rng, hosts, ips, oob_if="ibp12s0", version="2.21.5+cuda12.4")
    sc = Scenario(b, job, layout="tee", script="pretrain_llama.py", console_name="output.log")
    t0 = T("2024-12-02 10:00:00.512")
    sc.start(t0)
    tf = T("2024-12-02 13:37:08.005")
    sc.titan(t0 + sec(130), tf, 10, 16.8, loss0=2.77, mem=70.3, tps=3811, mfu=44.1, h="dgx-b07", lr=0)
    ta = tf + sec(0.3)
    sc.ib_error("dgx-b08", 7, ta, "dgx-c01", status=12, kind="Send", port=43317, hca="mlx5_7")
    sc.ib_error("dgx-c01", 0, ta + sec(1.9), "dgx-b08", status=12, kind="Send", port=52410, hca="mlx5_0")
    sc.ib_error("dgx-b08", 6, ta + sec(2.3), "dgx-c01", status=12, kind="Send", port=43319, hca="mlx5_6")
    sc.ib_error("dgx-c01", 1, ta + sec(2.6), "dgx-b08", status=12, kind="Send", port=52412, hca="mlx5_1")
    sc.agent_fail("dgx-b08", ta + sec(3.1), 7)
    sc.agent_fail("dgx-c01", ta + sec(4.4), 0)
    for h in ("dgx-b07", "dgx-c02"):
        sc.node_watchdogs(h, tf + sec(600.2 + hosts.index(h) * 0.2), 411287, op="_ALLGATHER_BASE")
        sc.agent_fail(h, tf + sec(603.1 + hosts.index(h) * 0.2), 0)
    sc.render()
    b.set_topology(leaves)
    for i, h in enumerate(hosts):
        # post-mortem health checks run by the on-call on all four nodes
        L = ["$ ibstat | grep -E \"CA '|State|Rate\""]
        for n in range(8):
            L += ["CA 'mlx5_%d'" % n, "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400"]
        b.add("%s/healthcheck/ibstat_summary.txt" % h, L)
        pq = ["$ for d in 0 1 6 7; do perfquery -C mlx5_$d -P 1; done"]
        for n in (0, 1, 6, 7):
            pq += perfquery(300 + i * 10 + n, 1, {"SymbolErrorCounter": 0 if (i, n) != (0, 1) else 2,
                                                  "LinkDownedCounter": 0, "PortRcvErrors": 0,
                                                  "PortXmitData": 3811922210 + n, "PortRcvData": 3811002931 + n,
                                                  "PortXmitPkts": 1044101921, "PortRcvPkts": 1044187712,
                                                  "PortXmitWait": 201877 + 1000 * n})
        b.add("%s/healthcheck/perfquery.txt" % h, pq)
        K = ["%s %s kernel: mlx5_core 0000:18:00.0: firmware version: 28.41.1000" % (f_short_iso(T("2024-11-28 06:11:40")), h),
             "%s %s kernel: mlx5_core 0000:18:00.0 ibp24s0: renamed from ib0" % (f_short_iso(T("2024-11-28 06:11:49")), h),
             "%s %s kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Mon Sep 30 20:32:00 UTC 2024" % (f_short_iso(T("2024-11-28 06:11:51")), h)]
        if h == "dgx-c02":
            K.append("%s %s kernel: EDAC skx MC2: HANDLING MCE MEMORY ERROR" % (f_short_iso(T("2024-12-02 11:02:03")), h))
            K.append("%s %s kernel: EDAC MC2: 1 CE memory scrubbing error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x4e2101 offset:0x0 grain:32 syndrome:0x0)" % (f_short_iso(T("2024-12-02 11:02:03")), h))
        K.append("%s %s systemd[1]: Started cron.service - Regular background program processing daemon." % (f_short_iso(T("2024-11-28 06:12:03")), h))
        b.add("%s/journalctl_k.txt" % h, K)
    b.add("nccl_tests_after.txt", [
        "# on-call: 2-node all_reduce_perf pairs, 30 min after the failure",
        "# dgx-b07 <-> dgx-c02  : avg busbw 391.2 GB/s  #wrong 0",
        "# dgx-b07 <-> dgx-b08  : avg busbw 392.0 GB/s  #wrong 0",
        "# dgx-c01 <-> dgx-c02  : avg busbw 391.7 GB/s  #wrong 0",
        "# dgx-b08 <-> dgx-c01  : avg busbw 390.8 GB/s  #wrong 0",
    ])
    b.set_label("network", "infrastructure", None, None, "restart",
                "dgx-b08 and dgx-c01 (10.33.7.108 / 10.33.9.201) each report completion timeouts from the other, on different rails and different leaf switches, while neither has any local evidence (ports Active, clean counters, clean kernel log) and pairwise tests pass later; a transient fabric path problem, not a node.",
                "https://github.com/NVIDIA/nccl/issues/426")
    return b


# ============================================================================ be09
def be09():
    rng = random.Random(6009)
    b = Bundle("be09_all_ranks_watchdog_same_seqnum")
    hosts = ["worker-%d" % i for i in range(8)]
    ips = {h: "10.244.%d.%d" % (i + 1, 7 + 3 * i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ips, oob_if="eth0", version="2.21.5+cuda12.4", channels=2)
    sc = Scenario(b, job, layout="perrank", script="train_fsdp.py", rank_file="rank%d.log",
                  launcher_name="torchrun.log")
    t0 = T("2025-02-11 22:05:43.090")
    sc.start(t0)
    tl = T("2025-02-12 01:44:29.771")          # last completed step
    sc.titan(t0 + sec(150), tl, 10, 22.4, loss0=3.05, mem=71.9, tps=2950, mfu=39.5, h="worker-0", lr=0)
    seq = 88211
    for h in hosts:
        for lr in range(8):
            tt = tl + sec(600.0 + rng.uniform(0.05, 2.9))
            sc.watchdog(h, lr, tt, seq, op="_REDUCE_SCATTER_BASE", numel=272629760)
        sc.agent_fail(h, tl + sec(604.1 + rng.uniform(0, 1.5)), rng.randint(0, 7))
    sc.render()
    for i, h in enumerate(hosts):
        K = []
        up = 411200.0 + i * 33.1
        K.append("%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Mon Sep 30 20:32:00 UTC 2024" % f_uptime(11.2))
        K.append("%s IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready" % f_uptime(14.7))
        if i == 3:
            K.append("%s NVRM: Xid (PCI:0000:ba:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000a01c44) has been added to the pending list, please reboot as soon as possible" % f_uptime(up - 90000))
        if i == 6:
            K.append("%s mlx5_core 0000:2a:00.0: mlx5_fw_tracer_handle_traces:740:(pid 0): FWTracer: Events were lost" % f_uptime(up - 4000))
        K.append("%s perf: interrupt took too long (2511 > 2500), lowering kernel.perf_event_max_sample_rate to 79500" % f_uptime(up - 3000 + i))
        b.add("%s/dmesg.txt" % h, K)
        # flight recorder summary produced by TORCH_NCCL_DUMP_ON_TIMEOUT
        fr = ["# torch.distributed flight recorder summary (TORCH_NCCL_TRACE_BUFFER_SIZE=2000), %s" % h]
        for lr in range(8):
            r = job.rank(h, lr)
            fr.append("rank %3d  last_enqueued=%d  last_started=%d  last_completed=%d  state_of_%d=started  op=_REDUCE_SCATTER_BASE  pg=0(default_pg)"
                      % (r, seq + 1, seq, seq - 1, seq))
        b.add("%s/fr_summary.txt" % h, fr)
    b.set_label("hang", "infrastructure", None, None, "restart",
                "All 64 ranks time out on the same collective (SeqNum 88211) with identical flight-recorder state (started, not completed); no rank lags, no NCCL WARN names a peer and no node has relevant kernel evidence, so nothing points anywhere.",
                "https://github.com/NVIDIA/Megatron-LM/issues/1207")
    return b


# ============================================================================ be10
def be10():
    rng = random.Random(6010)
    b = Bundle("be10_iteration_time_tripled_no_errors")
    hosts = ["gpu-st-p5-%02d" % n for n in (3, 4, 9, 10, 17, 18)]
    ips = {h: "10.90.%d.%d" % (2 + i // 2, 11 + 19 * i) for i, h in enumerate(hosts)}
    job = Job(rng, hosts, ips, oob_if="ib0", version="2.21.5+cuda12.4")
    sc = Scenario(b, job, layout="tee", script="pretrain_gpt.py", console_name="job.log")
    t0 = T("2024-10-09 03:30:00.111")
    sc.start(t0)
    culprit = "gpu-st-p5-10"
    ts = T("2024-10-09 07:12:40.880")
    tend = T("2024-10-09 09:05:00.000")

    def jit(t, it):
        base = 1212.0 if t < ts else 3870.0
        return base + rng.uniform(-9, 9)
    it = sc.megatron(t0 + sec(90), ts, 10, 12.1, 1212.0, lr0=3.0e-4, loss0=2.41, h=hosts[-1], lr=7, jitter=jit)
    sc.megatron(ts, tend, it, 38.7, 3870.0, lr0=3.0e-4, loss0=2.36, h=hosts[-1], lr=7, jitter=jit)
    # Megatron timers every 100 iterations
    t = t0 + sec(1300)
    while t < tend:
        slow = t >= ts
        fb = (1150 if not slow else 1195) + rng.uniform(-10, 10)
        gr = (41 if not slow else 2640) + rng.uniform(-3, 3)
        sc.add(hosts[-1], 7, t, "(min, max) time across ranks (ms):\n    forward-backward ...............................: (%.2f, %.2f)\n    optimizer ......................................: (%.2f, %.2f)\n    grads-all-reduce ...............................: (%.2f, %.2f)\n    params-all-gather ..............................: (%.2f, %.2f)"
               % (fb - 4, fb + 3, 18.1, 19.0, gr - 2, gr + 2, 22.0 if not slow else 1120.4, 23.5 if not slow else 1131.9))
        t = t + sec(1210 if not slow else 3870)
    sc.render()
    b.add("squeue.txt", ["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "            902231       p5  gpt-70b  mlteam   R    5:35:02      6 gpu-st-p5-[03-04,09-10,17-18]"])
    for i, h in enumerate(hosts):
        cas = []
        for n in range(8):
            bad = (h == culprit and n == 5)
            cas += ibstat_ca("mlx5_%d" % n, "MT4129", "28.41.1000", "0xb83fd20300c%01x%04x" % (i, 0x4400 + n),
                             rate=100 if bad else 400, lid=500 + 10 * i + n) + [""]
        b.add("%s/ibstat.txt" % h, cas)
        K = ["%s mlx5_core 0000:18:00.0: firmware version: 28.41.1000" % f_dmesg_T(T("2024-10-01 12:00:03")),
             "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % f_dmesg_T(T("2024-10-01 12:00:09"))]
        if h == culprit:
            K.append("%s mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link DOWN" % f_dmesg_T(ts - sec(2.1)))
            K.append("%s mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link INIT" % f_dmesg_T(ts - sec(0.9)))
            K.append("%s mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link ACTIVE" % f_dmesg_T(ts - sec(0.4)))
        if h == "gpu-st-p5-17":
            K.append("%s nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 12028, Non-fatal, Link 47 egress non-posted PRIV error (First)" % f_dmesg_T(T("2024-10-08 19:41:27")))
        b.add("%s/dmesg_T.txt" % h, K)
    b.add("%s/perfquery_mlx5_5.txt" % culprit, ["$ perfquery -x -C mlx5_5 -P 1  # run twice, 60 s apart"] +
          perfquery(555, 1, {"SymbolErrorCounter": 41872, "LinkErrorRecoveryCounter": 3, "LinkDownedCounter": 1,
                             "PortRcvErrors": 1502, "PortXmitWait": 88123311}) + [""] +
          perfquery(555, 1, {"SymbolErrorCounter": 47310, "LinkErrorRecoveryCounter": 3, "LinkDownedCounter": 1,
                             "PortRcvErrors": 1733, "PortXmitWait": 95521002}))
    b.set_label("straggler", "infrastructure", culprit, None, "restart_without_node",
                "No crash: iteration time jumps from ~1.2 s to ~3.9 s at 07:12:40 and grads-all-reduce dominates; at that instant gpu-st-p5-10's mlx5_5 went DOWN and retrained, ibstat now shows it at Rate 100 instead of 400 and its symbol errors keep climbing, so one degraded link slows every collective.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return b


# ============================================================================ be11
def be11():
    rng = random.Random(6011)
    b = Bundle("be11_gloo_connection_closed_by_peer_flood")
    pods = ["llama-ft-master-0", "llama-ft-worker-0", "llama-ft-worker-1", "llama-ft-worker-2"]
    ips = {"llama-ft-master-0": "10.0.4.18", "llama-ft-worker-0": "10.0.7.22", "llama-ft-worker-1": "10.0.5.9",
           "llama-ft-worker-2": "10.0.6.41"}
    nodes = {"llama-ft-master-0": "ip-10-0-4-201.ec2.internal", "llama-ft-worker-0": "ip-10-0-7-77.ec2.internal",
             "llama-ft-worker-1": "ip-10-0-5-140.ec2.internal", "llama-ft-worker-2": "ip-10-0-6-12.ec2.internal"}
    job = Job(rng, pods, ips, oob_if="eth0", net="OFI", hcas=["rdmap16s27", "rdmap32s27", "rdmap48s27", "rdmap64s27"],
              version="2.20.5+cuda12.4", channels=2)
    sc = Scenario(b, job, layout="tee", script="finetune.py", console_name="pod.log")
    t0 = T("2024-08-19 14:20:31.050")
    sc.start(t0)
    tf = T("2024-08-19 15:02:17.664")
    t = t0 + sec(80)
    step = 0
    while t < tf:
        sc.add("llama-ft-master-0", 0, t, "%s - finetune - INFO - step %d/12000 loss=%.4f lr=%.2e tokens/s=%d"
               % (f_py(t), step, 1.71 - 0.00004 * step + rng.uniform(-0.03, 0.03), 2e-5, 91200 + rng.randint(-900, 900)))
        step += 20
        t = t + sec(44.6)
    bad = "llama-ft-worker-0"
    blr = 5
    brank = job.rank(bad, blr)
    tb = ["Traceback (most recent call last):",
          '  File "/workspace/finetune.py", line 388, in <module>',
          "    main()",
          '  File "/workspace/finetune.py", line 351, in main',
          "    for batch in train_loader:",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 630, in __next__',
          "    data = self._next_data()",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1344, in _next_data',
          "    return self._process_data(data)",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1370, in _process_data',
          "    data.reraise()",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/_utils.py", line 706, in reraise',
          "    raise exception",
          "KeyError: Caught KeyError in DataLoader worker process 3.",
          "Original Traceback (most recent call last):",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/worker.py", line 309, in _worker_loop',
          "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/fetch.py", line 55, in fetch',
          "    return self.collate_fn(data)",
          '  File "/workspace/data/collate.py", line 41, in __call__',
          '    labels = [ex["labels"] for ex in batch]',
          '  File "/workspace/data/collate.py", line 41, in <listcomp>',
          '    labels = [ex["labels"] for ex in batch]',
          "KeyError: 'labels'",
          ""]
    sc.add(bad, blr, tf, ["[rank%d]: " % brank + ln if ln else ln for ln in tb])
    sc.agent_fail(bad, tf + sec(1.8), blr, exitcode=1)
    # everybody else is in a gloo all_gather_object of the epoch metrics
    for h in pods:
        if h == bad:
            continue
        for lr in range(8):
            r = job.rank(h, lr)
            tt = tf + sec(1.9 + 0.01 * lr + 0.2 * pods.index(h))
            L = ["[rank%d]: Traceback (most recent call last):" % r,
                 '[rank%d]:   File "/workspace/finetune.py", line 388, in <module>' % r,
                 "[rank%d]:     main()" % r,
                 '[rank%d]:   File "/workspace/finetune.py", line 359, in main' % r,
                 "[rank%d]:     dist.all_gather_object(gathered, local_stats, group=cpu_group)" % r,
                 '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", line 83, in wrapper' % r,
                 "[rank%d]:     return func(*args, **kwargs)" % r,
                 '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 2661, in all_gather_object' % r,
                 "[rank%d]:     all_gather(object_size_list, local_size, group=group)" % r,
                 '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 3137, in all_gather' % r,
                 "[rank%d]:     work.wait()" % r,
                 "[rank%d]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [%s]:%d"
                 % (r, ips[bad], 22851 + 3 * ((lr + pods.index(h)) % 4))]
            L.append("[rank%d]:[W%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only recently been added. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())"
                     % (r, f_glog(tt + sec(0.3), "")))
            sc.add(h, lr, tt, L)
        sc.agent_fail(h, tf + sec(3.7 + 0.2 * pods.index(h)), 0, exitcode=1, others_exit=1)
    sc.render()
    b.add("kubectl_get_pods_o_wide.txt", [
        "NAME                READY   STATUS   RESTARTS   AGE   IP          NODE                          NOMINATED NODE   READINESS GATES"] + [
        "%-19s %-7s %-8s %-10s %-5s %-11s %-29s <none>           <none>" % (p, "0/1", "Error", "0", "44m", ips[p], nodes[p]) for p in pods])
    b.set_label("user_code", "script", None, None, "stop",
                "The gloo 'Connection closed by peer [10.0.7.22]' errors on 24 ranks all point at pod llama-ft-worker-0, but that pod's rank 13 died first with a KeyError: 'labels' raised by the user's collate function; the network errors are sympathetic to an application bug.",
                "https://github.com/RVC-Project/Retrieval-based-Voice-Conversion-WebUI/issues/1882")
    return b


# ============================================================================ be12
def be12():
    rng = random.Random(6012)
    b = Bundle("be12_socket_connection_reset_on_many_ranks")
    nodes = ["gke-a3-pool-2-7f3c-%s" % s for s in ("k2lm", "m9tq", "p0vx", "rz4d")]
    pods = {n: "pretrain-node-%d" % i for i, n in enumerate(nodes)}
    ips = {n: "10.68.%d.%d" % (i + 2, [5, 17, 9, 30][i]) for i, n in enumerate(nodes)}
    job = Job(rng, nodes, ips, oob_if="eth0", net="Socket", version="2.19.3+cuda12.3", channels=2)
    sc = Scenario(b, job, layout="tee", script="train.py", console_name="container.log", hostnames=pods)
    t0 = T("2024-06-27 09:12:40.900")
    sc.start(t0)
    culprit = nodes[2]
    tk = T("2024-06-27 11:58:03.402")
    sc.megatron(t0 + sec(110), tk, 10, 31.2, 3120.0, lr0=2.0e-4, loss0=2.66, h=nodes[0], lr=0)
    # culprit workers SIGKILLed by the kernel OOM killer; agent reports -9
    sc.agent_fail(culprit, tk + sec(0.9), 3, exitcode=-9)
    for k, h in enumerate(nodes):
        if h == culprit:
            continue
        for lr in (0, 7) if k != 1 else (3, 7):
            sc.sock_error(h, lr, tk + sec(0.41 + 0.08 * lr + 0.1 * k), culprit, what="recv", port=41000 + 11 * lr + k)
        sc.agent_fail(h, tk + sec(2.8 + 0.1 * k), 0 if k != 1 else 3)
    sc.render()
    b.add("kubectl_get_pods_o_wide.txt", [
        "NAME              READY   STATUS      RESTARTS   AGE     IP           NODE                          NOMINATED NODE   READINESS GATES"] + [
        "%-17s %-7s %-11s %-10s %-7s %-12s %-29s <none>           <none>" % (pods[n], "0/1", "Error" if n != culprit else "OOMKilled", "0", "2h46m", ips[n], n) for n in nodes] + [
        "fluent-bit-7xk2q  1/1     Running     0          19d     10.68.4.3    %s   <none>           <none>" % culprit])
    b.add("kubectl_describe_pod_fluent-bit-7xk2q.txt", [
        "Name:                 fluent-bit-7xk2q",
        "Namespace:            logging",
        "Priority:             2000001000",
        "Priority Class Name:  system-node-critical",
        "Node:                 %s/10.128.0.77" % culprit,
        "Controlled By:        DaemonSet/fluent-bit",
        "Containers:",
        "  fluent-bit:",
        "    Image:          cr.fluentbit.io/fluent/fluent-bit:2.2.0",
        "    Limits:",
        "      memory:  600Gi",
        "    Requests:",
        "      cpu:     500m",
        "      memory:  600Gi",
        "QoS Class:       Guaranteed",
    ])
    # kernel log of the culprit node: OOM killer picks a training worker (Burstable pod, high oom_score_adj)
    base = tk - sec(0.35)
    K = ["%s %s kernel: pt_main_thread invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=946" % (f_short_iso(base), culprit),
         "%s %s kernel: CPU: 77 PID: %d Comm: pt_main_thread Tainted: P           OE      6.1.85+ #1" % (f_short_iso(base), culprit, job.pid(culprit, 3) + 212),
         "%s %s kernel: Mem-Info:" % (f_short_iso(base), culprit),
         "%s %s kernel: active_anon:472018112 inactive_anon:31022118 isolated_anon:0" % (f_short_iso(base), culprit),
         "%s %s kernel: Tasks state (memory values in pages):" % (f_short_iso(base), culprit),
         "%s %s kernel: [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name" % (f_short_iso(base), culprit)]
    rows = [(1771, 0, 1771, 4121022, 153088000, 1254481920, 0, -997, "fluent-bit")]
    for lr in range(8):
        rows.append((job.pid(culprit, lr), 0, job.pid(culprit, lr), 91228810, 34603008 + lr * 3001, 291209600, 0, 946, "pt_main_thread"))
    rows.append((2210, 0, 2210, 310221, 22110, 712704, 0, -999, "kubelet"))
    for r in rows:
        K.append("%s %s kernel: [%7d] %5d %7d %8d %8d %14d %8d %13d %s" % ((f_short_iso(base), culprit) + r))
    K.append("%s %s kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=cri-containerd-4f1e2a.scope,mems_allowed=0-1,global_oom,task_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod8c1f.slice/cri-containerd-4f1e2a.scope,task=pt_main_thread,pid=%d,uid=0"
             % (f_short_iso(tk), culprit, job.pid(culprit, 3)))
    K.append("%s %s kernel: Out of memory: Killed process %d (pt_main_thread) total-vm:364915240kB, anon-rss:137390780kB, file-rss:1021440kB, shmem-rss:0kB, UID:0 pgtables:137900kB oom_score_adj:946"
             % (f_short_iso(tk), culprit, job.pid(culprit, 3)))
    b.add("%s/journal_kernel.txt" % culprit, K)
    b.add("%s/free_m_before.txt" % culprit, [
        "# node-exporter snapshot 40 min before the failure",
        "               total        used        free      shared  buff/cache   available",
        "Mem:         1857760     1751020       21004         211       85536       90112",
        "Swap:              0           0           0",
        "# top RSS: fluent-bit 583.9 GiB (was 12.1 GiB 3 days ago), pt_main_thread x8 ~132 GiB each"])
    for n in nodes:
        if n != culprit:
            b.add("%s/journal_kernel.txt" % n, ["%s %s kernel: gve 0000:00:04.0 eth0: GVE version 1.4.0-k" % (f_short_iso(T("2024-06-08 03:10:22")), n),
                                                "%s %s kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07" % (f_short_iso(T("2024-06-08 03:10:31")), n)])
    b.set_label("oom", "infrastructure", culprit, None, "restart_without_node",
                "The 'Connection reset by peer' errors name 10.68.4.9, pod pretrain-node-2 on gke-a3-pool-2-7f3c-p0vx; that node's kernel OOM killer SIGKILLed a training worker because a foreign fluent-bit DaemonSet pod (Guaranteed, oom_score_adj -997) had grown to ~584 GiB RSS.",
                "https://github.com/NVIDIA/nccl/issues/795")
    return b


# ============================================================================ be13
EFA_IDS = {}


def _efa_addr(rng):
    return "fi_addr_efa://[fe80::%x:%xff:fe%02x:%04x]:1:%d" % (rng.randint(0x100, 0xfff), rng.randint(0x10, 0xff),
                                                               rng.randint(0, 255), rng.randint(0, 0xffff),
                                                               rng.randint(10 ** 8, 2 * 10 ** 9))


def _efa_case(name, seed, hosts_n, culprit_idx, fabric):
    rng = random.Random(seed)
    b = Bundle(name)
    hosts, ips, iid, efa = [], {}, {}, {}
    for i in range(hosts_n):
        ip = "10.1.%d.%d" % (32 + (i * 7) % 20, 20 + (i * 37) % 200)
        h = "ip-" + ip.replace(".", "-")
        hosts.append(h)
        ips[h] = ip
        iid[h] = "i-0%016x" % rng.getrandbits(64)
        efa[h] = _efa_addr(rng)
    job = Job(rng, hosts, ips, oob_if="enp71s0", net="OFI", hcas=["rdmap%ds0" % n for n in (79, 80, 81, 82, 96, 97, 98, 99)],
              version="2.22.3+cuda12.6", channels=4)
    sc = Scenario(b, job, layout="perrank", script="train.py", rank_file="rank-%d.log", launcher_name="torchrun.log")
    t0 = T("2025-03-04 17:40:00.330") if not fabric else T("2025-04-15 02:10:05.100")
    sc.start(t0)
    tf = T("2025-03-04 20:18:44.207") if not fabric else T("2025-04-15 06:55:31.902")
    sc.megatron(t0 + sec(140), tf, 10, 20.3, 2031.0, lr0=1.0e-4, loss0=2.21, h=hosts[-1], lr=7)
    for h in hosts:
        for lr in range(8):
            p = nccl_prefix(h, job.pid(h, lr), job.pid(h, lr) + 90, lr)
            sc.add(h, lr, t0 + sec(20.5 + 0.01 * lr), ["%s NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.13.2" % p,
                                                      "%s NCCL INFO NET/OFI Using Libfabric version 1.22" % p,
                                                      "%s NCCL INFO NET/OFI Selected provider is efa, fabric is efa-direct (found 8 nics)" % p,
                                                      "%s NCCL INFO NET/Plugin: Loaded net plugin Libfabric (v9)" % p,
                                                      "%s NCCL INFO Using network Libfabric" % p])

    def efa_err(h, lr, t, peer, err=112, msg="Unresponsive receiver (reachable by EFA device but handshake failed)", code=4111):
        p = nccl_prefix(h, job.pid(h, lr), job.proxy_tid(h, lr), lr)
        epoch = int(t.timestamp())
        lines = ["libfabric:%d:%d::efa:cq:efa_rdm_txe_handle_error():742<warn> err: %d, message: %s (%d) My EFA addr: %s My host id: %s Peer EFA addr: %s Peer host id: %s"
                 % (job.pid(h, lr), epoch, err, msg, code, efa[h], iid[h], efa[peer], iid[peer]),
                 "%s nccl_net_ofi_rdma.cpp:1312 NCCL WARN NET/OFI Request 0x%012x completed with error. RC: %d. Error: %d (%s). Completed length: 0, Request: { dev: %d, size: 1048576, state: CREATED, type: SEND }"
                 % (p, rng.getrandbits(44), err, code, msg, lr),
                 "%s NCCL INFO transport/net.cc:1305 -> 6" % p,
                 "%s NCCL INFO proxy.cc:698 -> 6" % p,
                 "%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % p]
        sc.add(h, lr, t, lines)
        sc.abort(h, lr, t + sec(1.1), lines[1].split("NCCL WARN ", 1)[1])

    if not fabric:
        culprit = hosts[culprit_idx]
        glr = 4
        tx = tf
        r = job.rank(culprit, glr)
        sc.add(culprit, glr, tx + sec(0.8), [
            "[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure" % (r, f_glog_ns(tx + sec(0.8), "E", 118), r),
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            "",
            "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
            "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f1e0f96a446 in /opt/conda/lib/python3.11/site-packages/torch/lib/libc10.so)",
            "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f1e0f9146e4 in /opt/conda/lib/python3.11/site-packages/torch/lib/libc10.so)",
            "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f1e0fd83a18 in /opt/conda/lib/python3.11/site-packages/torch/lib/libc10_cuda.so)",
            "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f1dbf1e1726 in /opt/conda/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so)",
            "",
            "terminate called after throwing an instance of 'c10::DistBackendError'"])
        sc.agent_fail(culprit, tx + sec(2.6), glr, exitcode=-6)
        # peers of that rank on other instances: EFA unresponsive receiver naming the dead instance
        k = 0
        for h in hosts:
            if h == culprit:
                continue
            efa_err(h, glr, tx + sec(4.9 + 0.37 * k), culprit)
            sc.agent_fail(h, tx + sec(7.5 + 0.37 * k), glr)
            k += 1
    else:
        pairs = [(0, 5), (3, 6), (7, 1), (2, 4), (6, 0), (5, 2)]
        for k, (a, p) in enumerate(pairs):
            lr = (k * 3) % 8
            efa_err(hosts[a], lr, tf + sec(0.61 * k), hosts[p])
        done = set()
        for k, (a, p) in enumerate(pairs):
            if hosts[a] in done:
                continue
            done.add(hosts[a])
            sc.agent_fail(hosts[a], tf + sec(2.9 + 0.61 * k), (k * 3) % 8)
        for h in hosts:
            if h not in done:
                sc.node_watchdogs(h, tf + sec(600.3), 203311, op="ALLGATHER")
                sc.agent_fail(h, tf + sec(603.4), 0)
    sc.render()
    for h in hosts:
        b.add("%s/instance-identity.json" % h, json.dumps({
            "accountId": "338109442871", "architecture": "x86_64", "availabilityZone": "us-east-2b",
            "billingProducts": None, "devpayProductCodes": None, "marketplaceProductCodes": None,
            "imageId": "ami-0c7d1e3b2f0a94a51", "instanceId": iid[h], "instanceType": "p5.48xlarge",
            "kernelId": None, "pendingTime": "2025-03-01T09:12:44Z" if not fabric else "2025-04-11T23:02:10Z",
            "privateIp": ips[h], "ramdiskId": None, "region": "us-east-2", "version": "2017-09-30"}, indent=2) + "\n")
    return b, job, hosts, ips, iid, sc


def be13():
    b, job, hosts, ips, iid, sc = _efa_case("be13_efa_unresponsive_receiver_from_one_instance", 6013, 6, 3, False)
    culprit = hosts[3]
    tf = T("2025-03-04 20:18:44.207")
    for i, h in enumerate(hosts):
        K = ["%s %s kernel: efa 0000:4f:00.0: Setup irq:200 name:efa-mgmnt@pci:0000:4f:00.0" % (f_short_iso(T("2025-03-01 09:14:02")), h),
             "%s %s kernel: infiniband rdmap79s0: IB device registered" % (f_short_iso(T("2025-03-01 09:14:02")), h),
             "%s %s kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  560.35.03  Fri Aug 16 21:39:15 UTC 2024" % (f_short_iso(T("2025-03-01 09:14:09")), h)]
        if h == culprit:
            K += ["%s %s kernel: NVRM: GPU at PCI:0000:97:00: GPU-6f0a2e1c-4b7d-91c3-2d5e-a0b1c2d3e4f5" % (f_short_iso(tf), h),
                  "%s %s kernel: NVRM: Xid (PCI:0000:97:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % (f_short_iso(tf), h),
                  "%s %s kernel: NVRM: GPU 0000:97:00.0: GPU has fallen off the bus." % (f_short_iso(tf), h),
                  "%s %s kernel: NVRM: A GPU crash dump has been created. If possible, please run" % (f_short_iso(tf + sec(1)), h),
                  "%s %s kernel: NVRM: nvidia-bug-report.sh as root to collect this data before" % (f_short_iso(tf + sec(1)), h),
                  "%s %s kernel: NVRM: the NVIDIA kernel module is unloaded." % (f_short_iso(tf + sec(1)), h)]
        if i == 1:
            K.append("%s %s kernel: NVRM: Xid (PCI:0000:b9:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000001f20c8) has been added to the pending list, please reboot as soon as possible" % (f_short_iso(T("2025-03-02 15:40:11")), h))
        b.add("%s/journalctl_-k.txt" % h, K)
    b.add("%s/nvidia-smi_L.txt" % culprit, [
        "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1a2b3c4d-0000-1111-2222-333344445555)",
        "GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-1a2b3c4d-0000-1111-2222-333344445556)",
        "GPU 2: NVIDIA H100 80GB HBM3 (UUID: GPU-1a2b3c4d-0000-1111-2222-333344445557)",
        "GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-1a2b3c4d-0000-1111-2222-333344445558)",
        "Unable to determine the device handle for GPU4: 0000:97:00.0: Unknown Error",
        "GPU 5: NVIDIA H100 80GB HBM3 (UUID: GPU-1a2b3c4d-0000-1111-2222-33334444555a)",
        "GPU 6: NVIDIA H100 80GB HBM3 (UUID: GPU-1a2b3c4d-0000-1111-2222-33334444555b)",
        "GPU 7: NVIDIA H100 80GB HBM3 (UUID: GPU-1a2b3c4d-0000-1111-2222-33334444555c)"])
    rank = job.rank(culprit, 4)
    b.set_label("gpu_hardware", "infrastructure", culprit, rank, "restart_without_node",
                "Every other instance's rank 4 gets an EFA 'Unresponsive receiver' naming Peer host id %s, the instanceId of %s; that instance logged Xid 79 (GPU 0000:97:00, local GPU 4, rank %d fell off the bus) 5 s earlier." % (iid[culprit], culprit, rank),
                "https://github.com/aws/aws-ofi-nccl/issues/346")
    return b


def be14():
    b, job, hosts, ips, iid, sc = _efa_case("be14_efa_errors_scattered_across_instances", 6014, 8, None, True)
    for i, h in enumerate(hosts):
        b.add("%s/rdma_statistic.txt" % h, [
            "$ rdma -p statistic show link rdmap%ds0/1" % (79 + (i % 4)),
            "link rdmap%ds0/1 tx_bytes %d tx_pkts %d rx_bytes %d rx_pkts %d rx_drops %d send_bytes %d send_wrs %d recv_bytes %d recv_wrs %d rdma_read_wrs %d rdma_read_bytes %d rdma_read_wr_err 0 rdma_read_resp_bytes %d rdma_write_wrs %d rdma_write_bytes %d rdma_write_wr_err 0 rdma_write_recv_bytes %d retrans_bytes %d retrans_pkts %d retrans_timeout_events %d unresponsive_remote_events %d impaired_remote_conn_events %d"
            % (79 + (i % 4), 8.1e14 + i, 3.2e11 + i, 8.0e14 + i, 3.1e11 + i, 12 + i, 2e12, 9e8, 2e12, 9e8, 4e8, 7e13, 7e13, 6e8, 9e13, 9e13,
               4.1e10 + i * 1e8, 3.3e7 + i * 1e5, 1822 + 97 * i, 1 + (i % 3), 14 + 5 * i)])
        K = ["%s %s kernel: efa 0000:4f:00.0: Setup irq:200 name:efa-mgmnt@pci:0000:4f:00.0" % (f_short_iso(T("2025-04-11 23:05:02")), h),
             "%s %s kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  560.35.03  Fri Aug 16 21:39:15 UTC 2024" % (f_short_iso(T("2025-04-11 23:05:09")), h)]
        b.add("%s/journalctl_-k.txt" % h, K)
    b.set_label("network", "infrastructure", None, None, "restart",
                "Six ranks on six different instances report EFA 'Unresponsive receiver' errors, each naming a different Peer host id, within 4 s; every instance's SRD counters show retransmit timeouts and impaired connections and no instance has a local fault, so the fabric, not one node, failed.",
                "https://github.com/aws/aws-ofi-nccl/issues/161")
    return b


CASES = [be08, be09, be10, be11, be12, be13, be14]
