"""Hang cases."""
from lib import (Bundle, T, add, glog, pylog, bracket, dmesg_T, rng, watchdog_timeout, dist_backend_terminate,
                 nvsmi_table, nccl_boot, torchrun_header, child_failed_box, sacct)


def hang_no_evidence(name):
    b = Bundle(name)
    r = rng(3706)
    nodes = ["a100-n%03d" % i for i in (112, 113, 114, 115, 118, 119, 120, 121)]
    seq = 88214
    tstuck = T("2024-11-21 01:17:40")
    b.add("ticket.txt", [
        "PAGE #4437  Thu 2024-11-21 02:05 UTC",
        "ds-zero3-30b stopped logging at 01:17. All ranks died at 01:27 with NCCL watchdog timeouts. Attached console of",
        "each node, flight recorder summary, dmesg and ibstat from every node (nothing jumped out at me).",
    ])
    for i, n in enumerate(nodes):
        L = []
        ts = T("2024-11-21 00:58:02")
        st = 7000
        while ts < tstuck:
            if i == 0:
                L.append("[%s] [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[0.00015, 0.00015], mom=[(0.9, 0.95), (0.9, 0.95)]" % (pylog(ts), st))
                L.append("steps: %d loss: %.4f iter time (s): %.3f samples/sec: %.3f" % (st, 1.96 + r.uniform(-0.03, 0.03), 11.4 + r.uniform(-0.2, 0.2), 89.7 + r.uniform(-1, 1)))
            st += 10
            ts = add(ts, 114)
        tt = add(tstuck, 600.3 + i * 0.07)
        for lr in range(8):
            rk = i * 8 + lr
            L += watchdog_timeout(rk, add(tt, lr * 0.004), seq, "ALLREDUCE", 262144000, 600000, last_enq=seq, last_comp=seq - 1)
        L += dist_backend_terminate(i * 8 + 3, add(tt, 0.05), seq, "ALLREDUCE", 262144000)
        L.append("[%s] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -6) local_rank: 3 (pid: %d) of binary: /usr/bin/python3" % (pylog(add(tt, 2.1)), 411200 + i * 10 + 3))
        b.add("%s/console.log" % n, L)
        b.add("%s/dmesg.txt" % n, [
            "%s Lustre: 3102:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent 1732148511/real 1732148511]  req@0000000011a2 x1815/t0(0) o400->lfs01-OST0012-osc@10.4.0.21@o2ib:28/4 lens 224/224 e 0 to 1 dl 1732148518 ref 1 fl Rpc:XNr/0/ffffffff rc 0/-1 job:''" % dmesg_T(T("2024-11-19 07:41:58"))
            if i == 4 else "%s nvidia-peermem: loading out-of-tree module taints kernel." % dmesg_T(T("2024-11-17 12:00:03")),
            "%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % dmesg_T(T("2024-11-17 12:00:41"))])
        b.add("%s/ibstat_summary.txt" % n, ["mlx5_%d: State: Active  Physical state: LinkUp  Rate: 200  LinkDownedCounter: 0  SymbolErrorCounter: 0" % k for k in range(8)])
    fr = ["# python -m torch.distributed.flight_recorder.fr_trace /shared/fr/ds-zero3-30b -p nccl_trace_rank_ (64 dumps found)",
          "Analyzing process group 0 (default_pg), 64 ranks",
          "  last completed collective on every rank : #%d ALLREDUCE numel=262144000" % (seq - 1),
          "  collective #%d ALLREDUCE numel=262144000 : state=started on 64/64 ranks, completed on 0/64" % seq,
          "  no missing ranks, no size or op mismatch",
          "  earliest 'started' timestamp 01:17:39.772, latest 01:17:40.118",
          "Analyzing process group 3 (zero3_param_gather, 64 ranks): all entries completed",
          "Result: all ranks entered the same collective with matching arguments; collective never completed."]
    b.add("flight_recorder_summary.txt", fr)
    b.add("sacct.txt", sacct([("902211", "ds-zero3", "a100", "lm", "1024", "FAILED", "6:0", "2024-11-20T18:02:11", "2024-11-21T01:27:47", "a100-n[112-115,118-121]"),
                              ("902211.0", "torchrun", "", "lm", "1024", "FAILED", "6:0", "2024-11-20T18:02:12", "2024-11-21T01:27:47", "a100-n[112-115,118-121]")]))
    b.label("hang", "infrastructure", None, "restart",
            "All 64 ranks entered the same ALLREDUCE with matching arguments and it never completed; no rank is missing, no Xid, IB ports clean and no NCCL network warning, so there is no evidence of who or why and the job should simply be restarted.",
            "https://github.com/marin-community/marin/issues/7344")
    return b


def one_rank_missing(name):
    b = Bundle(name)
    r = rng(3707)
    nodes = ["node-b%02d" % i for i in (5, 6, 7, 8)]
    bad, bad_rank = "node-b07", 20
    seq = 52113
    b.add("ticket.txt", [
        "Ticket HPC-20957  Fri 2024-11-22 08:40 EST",
        "mm-vit-l (4 nodes x 8) hung overnight after step 31200 and was killed by the watchdog 30 minutes later.",
        "TORCH_NCCL_DUMP_ON_TIMEOUT was on, I ran the fr_trace analyzer, output attached with all consoles.",
    ])
    tlast = T("2024-11-22 03:12:09")
    for i, n in enumerate(nodes):
        L = torchrun_header(T("2024-11-21 19:00:02"), 4, 8, "node-b05:29500", "mmvit-%d" % 990412)
        ts = T("2024-11-22 02:55:00")
        step = 31000
        while ts < tlast:
            if i == 0:
                L.append("[default0]:%s - INFO - train - step %d/120000 loss=%.4f lr=1.2e-04 grad_norm=%.3f img/s=%d" % (pylog(ts), step, 0.871 + r.uniform(-0.01, 0.01), r.uniform(0.4, 0.6), 5210 + r.randint(-30, 30)))
            step += 20
            ts = add(ts, 10.1)
        if i == 2:
            L.append("[default4]:%s - WARNING - data - slow batch: 2.3s to fetch from /datasets/laion-sub/shard-019221.tar" % pylog(T("2024-11-22 03:01:45")))
        tt = add(tlast, 1800.4 + i * 0.03)
        for lr in range(8):
            rk = i * 8 + lr
            if rk == bad_rank:
                continue
            L += ["[default%d]:" % lr + x for x in watchdog_timeout(rk, add(tt, lr * 0.002), seq, "_REDUCE_SCATTER_BASE", 83886080, 1800000, pg="2", pgname="dp_shard", last_enq=seq, last_comp=seq - 1)]
        if i == 2:
            L.append("[default4]:[rank20]:[%s 3311 ProcessGroupNCCL.cpp:1359] [PG ID 2 PG GUID 2(dp_shard) Rank 20] Received a dump signal due to a collective timeout from rank 3 and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d." % (glog(add(tt, 0.9)), seq - 1, seq - 1))
        L.append("W%s torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (add(tt, 3).strftime("%m%d %H:%M:%S.%f"), 77100 + i * 10))
        b.add("%s/torchrun.log" % n, L)
    b.add("fr_trace_analysis.txt", [
        "Loaded 32 flight recorder dumps from /lustre/scratch/mmvit/fr_dumps",
        "process group 2 (dp_shard) ranks=[0..31]",
        "  collective seq_id=%d  _REDUCE_SCATTER_BASE  input=[83886080]  output=[2621440]" % seq,
        "    state 'scheduled'/'started': 31 ranks",
        "    Missing ranks: {%d}" % bad_rank,
        "    rank %d last entry: seq_id=%d _ALLGATHER_BASE state=completed at 03:12:08.904" % (bad_rank, seq - 1),
        "process group 0 (default_pg): no pending collectives",
        "Not all ranks joining collective, sequence number: %d" % seq,
        "  collective: nccl:_reduce_scatter_base",
        "  missing ranks: {%d}" % bad_rank])
    b.add("%s/py-spy_rank20.txt" % bad, [
        "Process 77124: /usr/bin/python3 -u train.py --config configs/mmvit_l.yaml",
        "Python v3.10.12 (/usr/bin/python3.10)", "",
        "Thread 77124 (active): \"MainThread\"",
        "    synchronize (torch/cuda/__init__.py:892)",
        "    _fused_gelu_fwd (mmvit/kernels/fused_mlp.py:141)",
        "    forward (mmvit/models/blocks.py:88)",
        "    _call_impl (torch/nn/modules/module.py:1747)",
        "    forward (torch/distributed/fsdp/fully_sharded_data_parallel.py:863)",
        "    train_step (train.py:311)",
        "    main (train.py:402)",
        "Thread 77401 (idle): \"Thread-2 (_pin_memory_loop)\"",
        "    select (selectors.py:416)",
        "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:55)"])
    b.add("%s/nvidia-smi.txt" % bad, nvsmi_table(T("2024-11-22 03:40:10"),
        [dict(temp=44 + (g == 4) * 13, pwr=118 if g != 4 else 262, used=61230, util=100) for g in range(8)],
        [(g, 77120 + g, "/usr/bin/python3", 61200) for g in range(8)]))
    b.add("%s/dmesg_tail.txt" % bad, ["%s Lustre: lfs02-MDT0000-mdc-ffff9c2a: Connection restored to 10.4.1.2@o2ib (at 10.4.1.2@o2ib)" % dmesg_T(T("2024-11-21 15:02:19"))])
    b.label("hang", "infrastructure", {"node": bad, "rank": bad_rank}, "run_diagnostics",
            "The flight-recorder analysis shows 31 of 32 ranks waiting in reduce-scatter #52113 while rank 20 (node-b07, GPU 4) never entered it; py-spy shows that rank blocked in cuda synchronize inside a forward kernel with its GPU still busy, so that rank/node is provably stuck and needs diagnostics.",
            "https://github.com/NVIDIA/nvidia-resiliency-ext/pull/172")
    return b


def rank0_only_gather(name):
    b = Bundle(name)
    r = rng(3708)
    nodes = ["gpu-q03", "gpu-q04"]
    b.add("ticket.txt", [
        "Slack #gpu-oncall  Mon 2024-11-18 16:20 CET",
        "Our accelerate fine-tune hangs when it reaches the first evaluation (step 5000) and dies after the",
        "timeout. Happened twice, on different nodes. I recently touched the eval loop to log more metrics,",
        "diff attached in case it matters.",
    ])
    ts0 = T("2024-11-18 14:01:00")
    for i, n in enumerate(nodes):
        L = []
        ts = ts0
        for step in range(4800, 5001, 20):
            if i == 0:
                L.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': 1.8e-05, 'epoch': %.2f}" % (0.912 - step * 1e-5 + r.uniform(-0.01, 0.01), r.uniform(0.3, 0.5), step / 12000))
            ts = add(ts, 9.3)
        if i == 0:
            L.append(" 42%%|####1     | 5000/12000 [12:55:10<18:04:11,  9.30s/it]")
            L.append("%s - INFO - __main__ - Running evaluation at step 5000 (2048 samples)" % pylog(ts))
        tt = add(ts, 1800 + 31)
        for lr in range(8):
            rk = i * 8 + lr
            if rk == 0:
                L += watchdog_timeout(0, tt, 40011, "_ALLGATHER_BASE", 2048, 1800000, last_enq=40011, last_comp=40010)
            else:
                L += watchdog_timeout(rk, add(tt, 0.3 + lr * 0.001), 40011, "ALLREDUCE", 1, 1800000, last_enq=40011, last_comp=40010)
        b.add("%s/accelerate_launch.log" % n, L)
    b.add("fr_trace_analysis.txt", [
        "Loaded 16 flight recorder dumps",
        "process group 0 (default_pg) ranks=[0..15]",
        "  Collective sequence number: 40011 has errors",
        "    Mismatch in collective op type: rank 0 entered _ALLGATHER_BASE (input sizes [[2048]], dtype Float),",
        "    ranks [1..15] entered ALLREDUCE (input sizes [[1]], dtype Float)",
        "    rank 0 call stack:  evaluate (train_sft.py:284) -> gather_for_metrics (accelerate/accelerator.py:2431)",
        "    rank 1 call stack:  training_loop (train_sft.py:231) -> _sync_loss (train_sft.py:198) -> all_reduce"])
    b.add("eval_loop.diff", [
        "--- a/train_sft.py", "+++ b/train_sft.py", "@@ -276,9 +276,12 @@ def evaluate(model, loader, accelerator):",
        "     model.eval()", "     losses = []", "     for batch in loader:",
        "         with torch.no_grad():", "             out = model(**batch)",
        "-        losses.append(accelerator.gather_for_metrics(out.loss.repeat(batch['input_ids'].shape[0])))",
        "+        losses.append(out.loss.repeat(batch['input_ids'].shape[0]))",
        "+    if accelerator.is_main_process:",
        "+        # only rank 0 needs the full tensor for the metrics table",
        "+        losses = accelerator.gather_for_metrics(torch.cat(losses))",
        "+        log_eval_table(losses)",
        "     model.train()"])
    b.label("user_code", "script", None, "stop",
            "The flight recorder shows rank 0 in an all-gather while ranks 1-15 are already in the next step's all-reduce at the same sequence number; the attached diff moved gather_for_metrics under `if accelerator.is_main_process`, so the program itself deadlocks at every evaluation.",
            "https://github.com/huggingface/transformers-bloom-inference/pull/40")
    return b


def pyspy_stuck_rank(name):
    b = Bundle(name)
    r = rng(3709)
    pods = ["rm-7b-worker-%d" % i for i in range(3)]
    hosts = ["k8s-a100-04", "k8s-a100-12", "k8s-a100-15"]
    bad_pod, bad_host, bad_rank = pods[1], hosts[1], 11
    b.add("ticket.txt", [
        "PAGE #4452  Sat 2024-11-23 11:02 UTC",
        "rm-7b reward-model job: GPUs all show 100% util in grafana but the trainer has not printed anything for",
        "20 min. Nothing crashed yet (timeout is 60 min). I py-spy'd every rank before killing it, see attached.",
    ])
    for w, (p, h) in enumerate(zip(pods, hosts)):
        L = ["[%s] INFO  launching 8 local ranks on %s (pod %s)" % (pylog(T("2024-11-23 06:10:01")), h, p)]
        if w == 0:
            ts = T("2024-11-23 10:21:00")
            for step in range(18800, 19041, 20):
                L.append("[%s] INFO  step=%d loss=%.4f acc=%.3f tokens/s=%d" % (pylog(ts), step, 0.512 + r.uniform(-0.02, 0.02), 0.71 + r.uniform(-0.01, 0.01), 51000 + r.randint(-300, 300)))
                ts = add(ts, 16.3)
        b.add("pods/%s.log" % p, L)
    D = []
    for rk in range(24):
        pid = 210 + rk
        D.append("=== %s rank %d (pid %d) ===" % (pods[rk // 8], rk, pid))
        D.append("Thread %d (idle): \"MainThread\"" % pid)
        if rk == bad_rank:
            D += ["    synchronize (torch/cuda/streams.py:224)",
                  "    _gather_pairwise_scores (rm/losses.py:77)",
                  "    compute_loss (rm/trainer.py:402)",
                  "    training_step (rm/trainer.py:455)",
                  "    train (rm/trainer.py:520)"]
        else:
            D += ["    all_reduce (torch/distributed/distributed_c10d.py:2501)",
                  "    wrapper (torch/distributed/c10d_logger.py:83)",
                  "    _sync_scores (rm/losses.py:91)",
                  "    compute_loss (rm/trainer.py:402)",
                  "    training_step (rm/trainer.py:455)",
                  "    train (rm/trainer.py:520)"]
        D.append("")
    b.add("py-spy_dump_all_ranks.txt", D)
    for w, h in enumerate(hosts):
        gp = []
        for g in range(8):
            rk = w * 8 + g
            if rk == bad_rank:
                gp.append(dict(temp=71, pwr=392, used=70211, util=100, cap=400, total=81920))
            else:
                gp.append(dict(temp=52, pwr=121, used=69877, util=100, cap=400, total=81920))
        b.add("nodes/%s/nvidia-smi.txt" % h, nvsmi_table(T("2024-11-23 10:58:30"), gp, [(g, 210 + w * 8 + g, "python", 69850) for g in range(8)],
                                                             driver="535.183.06", cuda="12.2", model="NVIDIA A100-SXM4-80GB"))
    b.add("nodes/%s/dmesg_tail.txt" % bad_host, [
        "%s NVRM: GPU at PCI:0000:2a:00: GPU-4c1f2b0d-9e31-7a44-b0c2-55e1f3aa9d10" % dmesg_T(T("2024-11-20 09:33:12")),
        "%s NVRM: Xid (PCI:0000:2a:00): 31, pid=88412, name=python, Ch 00000009, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f4e_11e00000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE" % dmesg_T(T("2024-11-20 09:33:12"))])
    b.add("kubectl_get_pods.txt", ["NAME             READY   STATUS    RESTARTS   AGE     IP            NODE",
                                   "rm-7b-worker-0   1/1     Running   0          4h52m   10.42.3.18    k8s-a100-04",
                                   "rm-7b-worker-1   1/1     Running   0          4h52m   10.42.7.22    k8s-a100-12",
                                   "rm-7b-worker-2   1/1     Running   0          4h52m   10.42.9.40    k8s-a100-15"])
    b.label("hang", "infrastructure", {"node": bad_host, "rank": bad_rank}, "run_diagnostics",
            "py-spy shows 23 ranks waiting in all_reduce and only rank 11 (worker-1 on k8s-a100-12, GPU 3) stuck in cuda synchronize on a kernel that never finishes, with that GPU alone at full power; the Xid 31 on that node is from a different job three days earlier. The stuck rank is identified but not why, so run diagnostics on the node.",
            "https://github.com/huggingface/accelerate/issues/3104")
    return b
