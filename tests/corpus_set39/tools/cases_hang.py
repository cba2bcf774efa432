"""Hang cases: jobs that stop making progress."""
import random

from common import (Case, dt, add, iso, isoT, hms, syslog_ts, ctime, c10, glog,
                    perf_block, smi_header, smi_table, dmesg_lines, benign_dmesg,
                    ibstat_block, guid, pick_warns, watchdog_line, watchdog_tail,
                    pyspy_header, H100_BUS, A100_BUS)
from cases_straggler import meg_iter_line


def torchrun_failure(t, host, rank, local, pid, exitcode, rng, others=None, sig="SIGABRT"):
    out = ["E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (
        glog(t, "", rng)[0:], pid - 50, exitcode, local, pid),
        "Traceback (most recent call last):",
        "  File \"/usr/local/bin/torchrun\", line 8, in <module>",
        "    sys.exit(main())",
        "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", line 919, in main",
        "    run(args)",
        "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py\", line 263, in launch_agent",
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "train.py FAILED",
        "------------------------------------------------------------",
        "Failures:"]
    if others:
        for (r, l, p) in others:
            out += ["[%d]:" % (others.index((r, l, p)) + 1),
                    "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
                    "  host      : %s" % host,
                    "  rank      : %d (local_rank: %d)" % (r, l),
                    "  exitcode  : -6 (pid: %d)" % p,
                    "  error_file: <N/A>",
                    "  traceback : Signal 6 (SIGABRT) received by PID %d" % p]
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["------------------------------------------------------------",
            "Root Cause (first observed failure):",
            "[0]:",
            "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (rank, local),
            "  exitcode  : %d (pid: %d)" % (exitcode, pid),
            "  error_file: <N/A>",
            "  traceback : Signal %d (%s) received by PID %d" % (-exitcode, sig, pid),
            "============================================================"]
    return out


# --------------------------------------------------------------------------- aj02
def hang_no_evidence_watchdog(cid):
    rng = random.Random(3902)
    c = Case(cid, "nccl_watchdog_timeout_reduce_scatter")
    nodes = ["gpu-b%02d" % i for i in range(1, 9)]
    job = 8830112
    t0 = dt(2025, 1, 22, 19, 0, 0)
    L = ["+ srun -l --kill-on-bad-exit=1 torchrun --nnodes 8 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-b01:29400 pretrain_gpt.py ..."]
    L += ["0: " + w for w in pick_warns(rng, 2)]
    L.append("0: using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1")
    L.append("0: NCCL_DEBUG=WARN TORCH_NCCL_ASYNC_ERROR_HANDLING=1 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_TRACE_BUFFER_SIZE=2000")
    t = add(t0, 150)
    for it in range(10, 1551, 10):
        ms = 3270 + rng.uniform(-30, 30)
        t = add(t, ms * 10 / 1000)
        if it % 50 == 0 or it > 1500:
            L.append("0: " + meg_iter_line(t, it, 500000, 512, ms, 388 + rng.uniform(-3, 3), 2.4e-4, 3.1 - it * 0.0004, 0.3 + rng.uniform(0, .1)))
    t_last = t
    t_to = add(t_last, 1800 + 9)
    # all ranks time out on the same seq
    wl = []
    order = list(range(64))
    rng.shuffle(order)
    for k, r in enumerate(order):
        tt = add(t_to, k * 0.03)
        wl.append("%d: " % (r // 8) + watchdog_line(tt, r, 93412, "_REDUCE_SCATTER_BASE", 1306525696, 163315712, 1800000, rng,
                                                    pg="PG ID 3 PG GUID 17(DATA_PARALLEL_GROUP) "))
    for r in order[:10]:
        for x in watchdog_tail(add(t_to, 1), r, 93412, 93412, 93411, rng, pg="PG ID 3 PG GUID 17(DATA_PARALLEL_GROUP) "):
            wl.append("%d: " % (r // 8) + x)
    L += wl
    L.append("srun: error: gpu-b03: task 2: Aborted (core dumped)")
    L.append("srun: error: gpu-b01: task 0: Aborted (core dumped)")
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L += ["0: " + x for x in torchrun_failure(add(t_to, 40), "gpu-b01", 3, 3, 211844, -6, rng)]
    L.append("slurmstepd: error: *** STEP %d.0 ON gpu-b01 CANCELLED AT %s ***" % (job, isoT(add(t_to, 75), z="")[:19]))
    c.w("slurm-%d.out" % job, "\n".join(L))
    # flight recorder analysis run afterwards
    F = ["$ python -m torch.distributed.flight_recorder.fr_trace /lustre/scratch/fr/%d -p nccl_trace_rank_ --mismatch-details" % job,
         "loaded 64 of 64 rank dumps",
         "process groups: default_pg (64), TENSOR_MODEL_PARALLEL_GROUP x8 (8 each), DATA_PARALLEL_GROUP x8 (8 each)",
         ""]
    for g in range(8):
        F.append("DATA_PARALLEL_GROUP[%d] ranks=%s" % (g, [g + 8 * k for k in range(8)]))
        F.append("  last matched collective: seq 93411 nccl:_reduce_scatter_base  state=completed on 8/8")
        F.append("  pending collective:      seq 93412 nccl:_reduce_scatter_base  in=[1306525696] out=[163315712]  state=started on 8/8, completed on 0/8")
    F.append("")
    F.append("TENSOR_MODEL_PARALLEL_GROUP[*]: last seq 2914611 completed on all ranks, nothing pending")
    F.append("Summary: no missing ranks, no size/op mismatch; every rank entered seq 93412 and none completed it.")
    c.w("fr_trace_analysis.txt", "\n".join(F))
    for n in ["gpu-b01", "gpu-b04", "gpu-b07"]:
        c.w("node-%s/dmesg.txt" % n, dmesg_lines(benign_dmesg(rng, 15.0, 6)))
    ib = [ibstat_block("mlx5_%d" % k, rate=400, lid=300 + k, guid=guid(rng)) for k in range(8)]
    c.w("node-gpu-b04/ibstat.txt", "\n".join(ib))
    c.w("node-gpu-b04/nvidia-smi.txt", smi_table(add(t_to, -300), [dict(bus=H100_BUS[i], temp=rng.randint(38, 44), pwr=rng.randint(110, 130), cap=700, mem=72100 + rng.randint(0, 300), util=100) for i in range(8)]))
    c.w("sacct.txt", "\n".join([
        "JobID           JobName      State ExitCode    Elapsed        NodeList",
        "------------ ---------- ---------- -------- ---------- ---------------",
        "%d        gpt-175b     FAILED      1:0   02:01:33     gpu-b[01-08]" % job,
        "%d.batch        batch     FAILED      1:0   02:01:33         gpu-b01" % job,
        "%d.0         torchrun     FAILED      6:0   02:01:31     gpu-b[01-08]" % job,
    ]))
    c.set_label("hang", "infrastructure", None, "restart",
                "Progress stopped after iteration 1550 and 30 minutes later all 64 ranks hit the watchdog on the same data-parallel reduce-scatter (seq 93412); the flight recorder shows every rank entered it and none completed, with no missing rank or mismatch, and dmesg/ibstat are clean, so there is no evidence of who or why. torchrun's root cause (rank 3) is just the first rank that aborted.",
                "https://github.com/NVIDIA/nccl/issues/1111")
    return c


# --------------------------------------------------------------------------- aj05
def rank0_checkpoint_barrier(cid):
    rng = random.Random(3905)
    c = Case(cid, "hang_after_training_finished")
    hosts = ["gpu-ln01", "gpu-ln02"]
    t0 = dt(2025, 10, 6, 20, 0, 0)
    L = ["[%s] + torchrun --nnodes 2 --nproc-per-node 4 --node-rank 0 --master-addr gpu-ln01 train.py --config cfg/seg_b4.yaml" % iso(t0, ms=False),
         "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8",
         "----------------------------------------------------------------------------------------------------",
         "distributed_backend=nccl",
         "All distributed processes registered. Starting with 8 processes",
         "----------------------------------------------------------------------------------------------------",
         "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]"]
    t = add(t0, 30)
    for ep in range(20):
        t = add(t, 412 + rng.uniform(-5, 5))
        L.append("Epoch %d: 100%%|##########| 1180/1180 [06:5%d<00:00, 2.8%dit/s, v_num=3, train_loss=0.%03d, val_miou=0.%03d]" % (
            ep, rng.randint(0, 9), rng.randint(0, 9), 400 - ep * 9 + rng.randint(0, 5), 601 + ep * 6 + rng.randint(0, 4)))
    L.append("`Trainer.fit` stopped: `max_epochs=20` reached.")
    t_fit = t
    L.append("[%s] fit done, rank 0 exporting final artifacts" % iso(t_fit, ms=False))
    t_to = add(t_fit, 1800 + 6)
    rng2 = random.Random(1)
    L.append(watchdog_line(t_to, 0, 48114, "ALLREDUCE", 1, 1, 1800000, rng2)[len("[rank0]:"):])
    L += [x[len("[rank0]:"):] for x in watchdog_tail(t_to, 0, 48114, 48114, 48113, rng2)]
    L += ["Traceback (most recent call last):",
          "  File \"/workspace/seg/train.py\", line 214, in <module>",
          "    main(cfg)",
          "  File \"/workspace/seg/train.py\", line 209, in main",
          "    trainer.strategy.barrier(\"export-done\")",
          "  File \"/usr/local/lib/python3.11/site-packages/lightning/pytorch/strategies/ddp.py\", line 298, in barrier",
          "    torch.distributed.barrier(device_ids=self.determine_ddp_device_ids())",
          "  File \"/usr/local/lib/python3.11/site-packages/torch/distributed/c10d_logger.py\", line 81, in wrapper",
          "    return func(*args, **kwargs)",
          "  File \"/usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py\", line 4166, in barrier",
          "    work.wait()",
          "torch.distributed.DistBackendError: [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48114, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800812 milliseconds before timing out."]
    L += torchrun_failure(add(t_to, 3), "gpu-ln01", 0, 0, 77102, -6, rng)
    c.w("gpu-ln01/torchrun_node0.log", "\n".join(L))
    L2 = ["[%s] + torchrun --nnodes 2 --nproc-per-node 4 --node-rank 1 --master-addr gpu-ln01 train.py --config cfg/seg_b4.yaml" % iso(t0, ms=False),
          "Initializing distributed: GLOBAL_RANK: 4, MEMBER: 5/8",
          "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]"]
    L2 += pick_warns(rng, 1)
    L2.append("[%s] rank 4: fit finished" % iso(add(t_fit, 1), ms=False))
    L2.append("I%s 81200 torch/distributed/elastic/agent/server/api.py:864] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % glog(add(t_fit, 4), "", rng))
    L2.append("I%s 81200 torch/distributed/elastic/agent/server/api.py:917] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % glog(add(t_fit, 4), "", rng))
    L2.append("W%s 81200 torch/distributed/elastic/agent/server/api.py:933] Timed out waiting for other agents to finish (300s); exiting anyway" % glog(add(t_fit, 305), "", rng))
    L2.append("[%s] torchrun exit code 0" % iso(add(t_fit, 306), ms=False))
    c.w("gpu-ln02/torchrun_node1.log", "\n".join(L2))
    P = [pyspy_header(77102, "python -u train.py --config cfg/seg_b4.yaml", py="3.11.9"),
         "Thread 77102 (idle): \"MainThread\"",
         "    barrier (torch/distributed/distributed_c10d.py:4166)",
         "    wrapper (torch/distributed/c10d_logger.py:81)",
         "    barrier (lightning/pytorch/strategies/ddp.py:298)",
         "    main (train.py:209)",
         "    <module> (train.py:214)",
         "Thread 77390 (idle): \"Thread-3 (_pin_memory_loop)\"",
         "    select (selectors.py:415)",
         "    wait (multiprocessing/connection.py:947)",
         "    _poll (multiprocessing/connection.py:440)",
         "    poll (multiprocessing/connection.py:257)",
         "    get (multiprocessing/queues.py:113)"]
    c.w("gpu-ln01/py-spy-dump-rank0.txt", "\n".join(P))
    S = ["# train.py (lines 196-214, as submitted; copied by the user into the ticket)",
         "196  def main(cfg):",
         "197      dm = SegDataModule(cfg.data)",
         "198      model = SegModel(cfg.model)",
         "199      trainer = L.Trainer(accelerator=\"gpu\", devices=4, num_nodes=2, strategy=\"ddp\",",
         "200                          max_epochs=cfg.epochs, callbacks=[ModelCheckpoint(dirpath=cfg.out, save_last=True)])",
         "201      trainer.fit(model, dm)",
         "202      print(f\"[{now()}] fit done, rank {trainer.global_rank} exporting final artifacts\"",
         "203            if trainer.is_global_zero else f\"[{now()}] rank {trainer.global_rank}: fit finished\")",
         "204      if trainer.is_global_zero:",
         "205          # only rank 0 should write files",
         "206          trainer.save_checkpoint(os.path.join(cfg.out, \"final.ckpt\"))",
         "207          export_onnx(model, os.path.join(cfg.out, \"model.onnx\"))",
         "208      # make sure everyone waits for the export before exiting",
         "209      trainer.strategy.barrier(\"export-done\")",
         "210",
         "211",
         "212  if __name__ == \"__main__\":",
         "213      cfg = load_cfg()",
         "214      main(cfg)"]
    c.w("ticket/train_py_excerpt.txt", "\n".join(S))
    F = ["# fr_trace -j (rank 0 and rank 4 only, others similar to rank 4)",
         "rank 0: seq 48112 nccl:all_reduce     numel=1  completed  (ddp barrier 'Trainer.fit teardown')",
         "rank 0: seq 48113 nccl:all_reduce     numel=1  completed  stack: save_checkpoint -> strategy.barrier",
         "rank 0: seq 48114 nccl:all_reduce     numel=1  started    stack: main (train.py:209) -> strategy.barrier",
         "rank 4: seq 48112 nccl:all_reduce     numel=1  completed  (ddp barrier 'Trainer.fit teardown')",
         "rank 4: seq 48113 nccl:all_reduce     numel=1  completed  stack: main (train.py:209) -> strategy.barrier",
         "rank 4: <end of buffer>"]
    c.w("gpu-ln01/fr_trace_excerpt.txt", "\n".join(F))
    c.set_label("user_code", "script", None, "stop",
                "After fit() only rank 0 calls trainer.save_checkpoint (a collective ending in a barrier) inside `if trainer.is_global_zero`, so its barrier pairs with the other ranks' export-done barrier; they finish and exit 0 while rank 0's own export-done barrier (seq 48114) has no partner and times out. The program's if-branch causes the hang.",
                "https://github.com/alan-turing-institute/autocast/pull/386")
    return c


# --------------------------------------------------------------------------- aj08
def fr_missing_rank(cid):
    rng = random.Random(3908)
    c = Case(cid, "stuck_at_step_4411_watchdog_fired")
    nodes = ["gpu-n01", "gpu-n02", "gpu-n03", "gpu-n04"]
    bad_rank, bad_node = 19, "gpu-n03"
    t0 = dt(2025, 11, 12, 2, 0, 0)
    t = t0
    logs = {n: [] for n in nodes}
    logs["gpu-n01"].append("W%s 5102 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default" % glog(t0, "", rng))
    for step in range(4300, 4411, 5):
        st = 1.91 + rng.uniform(-.02, .02)
        t = add(t, st * 5)
        logs["gpu-n01"].append("[rank0]:%s | step %5d | loss %.4f | grad_norm %.3f | %.2f s/step | mem 63.1GiB" % (iso(t), step, 1.92 - step * 1e-5, rng.uniform(.2, .4), st))
    t = add(t, 1.9)
    logs["gpu-n01"].append("[rank0]:%s | step %5d | loss %.4f | grad_norm %.3f | %.2f s/step | mem 63.1GiB" % (iso(t), 4410, 1.876, 0.27, 1.90))
    t_to = add(t, 602)
    per_rank = {n: [] for n in nodes}
    for r in range(32):
        if r == bad_rank:
            continue
        n = nodes[r // 8]
        tt = add(t_to, rng.uniform(0, 1.2))
        q = [watchdog_line(tt, r, 4411, "_ALLGATHER_BASE", 26214400, 838860800, 600000, rng)]
        q += watchdog_tail(tt, r, 4411, 4411 + (1 if r % 3 == 0 else 0), 4410, rng)
        q.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1546] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (r, c10(add(tt, 0.002), "E", rng), r))
        per_rank[n].append(q)
    for n in nodes:  # interleave ranks of one node, keeping each rank's own order
        qs = [q for q in per_rank[n] if q]
        while qs:
            q = rng.choice(qs)
            logs[n].append(q.pop(0))
            qs = [q for q in qs if q]
    tb = add(t_to, 2)
    logs[bad_node].append("[rank%d]:[%s ProcessGroupNCCL.cpp:1423] [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from  rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: 4410, last completed NCCL work: 4410.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc." % (bad_rank, c10(tb, "E", rng), bad_rank))
    tx = add(t_to, 60)
    logs["gpu-n01"] += torchrun_failure(tx, "gpu-n01", 0, 0, 5110, -6, rng, others=[(1, 1, 5111), (2, 2, 5112)])
    for n in nodes:
        c.w("%s/torchrun.log" % n, "\n".join(logs[n]))
    F = ["$ python -m torch.distributed.flight_recorder.fr_trace ./fr_dumps -p nccl_trace_rank_",
         "loaded dumps for ranks 0-31 (32/32)",
         "Not all ranks joining collective 4411 at entry 4410",
         "group info: 0:default_pg",
         "collective: nccl:_allgather_base",
         "missing ranks: {19}",
         "input sizes: [[26214400]]",
         "output sizes: [[838860800]]",
         "expected ranks: 32",
         "collective state: scheduled",
         "collective stack trace:",
         "  all_gather_into_tensor at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:3707",
         "  _all_gather_flat_param at /usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_flat_param.py:1390",
         "  unshard at /usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_flat_param.py:1293",
         "  _pre_forward_unshard at /usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_runtime_utils.py:382",
         "",
         "rank 19: last entry seq 4410 nccl:_reduce_scatter_base state=completed (time_discovered_completed %s)" % iso(add(t, -0.4)),
         "rank 19: no entry for seq 4411"]
    c.w("fr_trace_analysis.txt", "\n".join(F))
    tt = add(t_to, 120)
    c.w("%s/nvidia-smi.txt" % bad_node, smi_table(tt, [dict(bus=H100_BUS[i], temp=rng.randint(36, 43) if i != 3 else 52, pwr=rng.randint(118, 135) if i != 3 else 241, cap=700, mem=66200 + rng.randint(0, 400), util=100) for i in range(8)],
                                                 procs=[(i, 90211 + i, "/usr/bin/python3", 66000 + rng.randint(0, 400)) for i in range(8)]))
    c.w("%s/dmesg.txt" % bad_node, dmesg_lines(benign_dmesg(rng, 20.0, 7)))
    c.w("gpu-n01/dmesg.txt", dmesg_lines(benign_dmesg(rng, 25.0, 5)))
    c.w("job_env.txt", "\n".join([
        "torch 2.5.1+cu124, NCCL 2.21.5, FSDP FULL_SHARD, 4 nodes x 8 H100, launcher torchrun (static rdzv)",
        "TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_TRACE_BUFFER_SIZE=4000 TORCH_FR_DUMP_TEMP_FILE=./fr_dumps/nccl_trace_rank_",
        "rank layout: node i hosts ranks 8*i .. 8*i+7 (gpu-n01 = 0-7, gpu-n02 = 8-15, gpu-n03 = 16-23, gpu-n04 = 24-31)",
    ]))
    c.set_label("hang", "infrastructure", {"node": "gpu-n03", "rank": 19}, "run_diagnostics",
                "The flight recorder shows all ranks except 19 entered all-gather seq 4411; rank 19 (gpu-n03, local 3) last completed seq 4410, reports last enqueued 4410 and never timed out itself, and its GPU still shows high power/activity, so that rank is provably stuck before the collective. torchrun's root cause (rank 0) is only the first rank the watchdog aborted.",
                "https://github.com/pytorch/tutorials/pull/3814")
    return c


# --------------------------------------------------------------------------- aj11
def xid79_before_timeouts(cid):
    rng = random.Random(3911)
    c = Case(cid, "all_ranks_timed_out_overnight")
    nodes = ["gpu-d%02d" % i for i in range(1, 9)]
    bad, bad_local = "gpu-d05", 6
    bad_rank = 4 * 8 + bad_local  # 38
    job = 4410923
    t0 = dt(2025, 4, 19, 22, 0, 0)  # UTC
    L = ["job %d  start %sZ  nodes=%s  (all times below UTC)" % (job, isoT(t0, z="")[:19], ",".join(nodes))]
    for i, n in enumerate(nodes):
        L.append("[launch] %s node_rank=%d -> ranks %d-%d, GPU i = local_rank i" % (n, i, 8 * i, 8 * i + 7))
    t = add(t0, 90)
    step = 0
    while t < dt(2025, 4, 20, 2, 13, 30):
        step += 20
        t = add(t, 20 * 2.62 + rng.uniform(-1, 1))
        L.append("[rank0]:%s step=%d loss=%.4f lr=%.2e tps=%d" % (iso(t), step, 2.2 - step * 2e-5, 3e-4, 98000 + rng.randint(-900, 900)))
    t_last = t
    t_xid = dt(2025, 4, 20, 2, 14, 7)
    t_to = add(t_xid, 1800 + 14)
    for r in range(64):
        if r == bad_rank:
            continue
        tt = add(t_to, rng.uniform(0, 2))
        L.append(watchdog_line(tt, r, 611204, "ALLREDUCE", 197132288, 197132288, 1800000, rng))
    L.append("[rank17]:[%s ProcessGroupNCCL.cpp:1664] [PG ID 0 PG GUID 0(default_pg) Rank 17] Exception (either an error or timeout) detected by watchdog at work: 611204, last enqueued NCCL work: 611204, last completed NCCL work: 611203." % c10(add(t_to, 2), "E", rng))
    L.append("gpu-d02:88123:88901 [3] NCCL INFO [Service thread] Connection closed by localRank 3")
    L.append("gpu-d02:88120:89011 [0] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer gpu-d05.cluster<41022>")
    L.append("gpu-d02:88120:89011 [0] NCCL INFO transport/net_ib.cc:1698 -> 6")
    L.append("gpu-d06:71220:71801 [1] NCCL WARN NET/IB : Got completion from peer 10.12.0.15<40112> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.12.0.16 remoteGids::ffff:10.12.0.15 hca mlx5_1")
    L += torchrun_failure(add(t_to, 31), "gpu-d01", 3, 3, 55103, -6, rng)
    L.append("srun: error: gpu-d01: task 0: Exited with exit code 1")
    L.append("srun: error: gpu-d05: task 4: Killed")
    c.w("slurm-%d.out" % job, "\n".join(L))
    # syslog of bad node in local time (PDT, UTC-7)
    t_loc = add(t_xid, -7 * 3600)
    S = ["# /var/log/syslog excerpt from %s (host clock: America/Los_Angeles, PDT)" % bad]
    S.append("%s %s slurmd[3011]: launch task StepId=%d.0 request from UID:41200" % (syslog_ts(add(t_loc, -15400)), bad, job))
    S.append("%s %s systemd[1]: Starting dcgm-exporter.service..." % (syslog_ts(add(t_loc, -8000)), bad))
    S.append("%s %s kernel: [218837.101283] NVRM: GPU at PCI:0000:ba:00: GPU-7c1f2e0a-51a4-9b2d-3c11-0f7e8d2a9c55" % (syslog_ts(t_loc), bad))
    S.append("%s %s kernel: [218837.101290] NVRM: Xid (PCI:0000:ba:00): 79, pid=412233, name=python3, GPU has fallen off the bus." % (syslog_ts(t_loc), bad))
    S.append("%s %s kernel: [218837.101301] NVRM: GPU 0000:ba:00.0: GPU has fallen off the bus." % (syslog_ts(t_loc), bad))
    S.append("%s %s kernel: [218837.113004] pcieport 0000:b8:01.0: AER: Uncorrected (Fatal) error received: 0000:b8:01.0" % (syslog_ts(t_loc), bad))
    S.append("%s %s kernel: [218837.113019] pcieport 0000:b8:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)" % (syslog_ts(t_loc), bad))
    S.append("%s %s kernel: [218837.402877] NVRM: A GPU crash dump has been created. If possible, please run" % (syslog_ts(add(t_loc, 1)), bad))
    S.append("%s %s kernel: [218837.402879] NVRM: nvidia-bug-report.sh as root to collect this data before" % (syslog_ts(add(t_loc, 1)), bad))
    S.append("%s %s nv-hostengine[2211]: DCGM: GPU 6 lost, marking inaccessible" % (syslog_ts(add(t_loc, 3)), bad))
    c.w("node-%s/syslog" % bad, "\n".join(S))
    c.w("node-%s/nvidia-smi.txt" % bad, "\n".join([
        "$ nvidia-smi   (run %s UTC by on-call)" % hms(add(t_to, 900)),
        "Unable to determine the device handle for GPU0000:BA:00.0: Unknown Error",
        "No devices were found"]))
    # noise: old xid on another node weeks earlier
    c.w("node-gpu-d07/dmesg-T.txt", "\n".join([
        "[Mon Apr  7 11:02:50 2025] NVRM: Xid (PCI:0000:3a:00): 94, pid=20112, name=python3, Contained: SM (0x1). RST: No, D-RST: No",
        "[Mon Apr  7 11:02:51 2025] NVRM: Xid (PCI:0000:3a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000004d1a) marked for remapping, reset gpu to activate.",
        "[Tue Apr  8 09:14:03 2025] nvidia-peermem: loading out-of-tree module taints kernel.",
    ]))
    c.w("node-gpu-d01/dmesg.txt", dmesg_lines(benign_dmesg(rng, 30.0, 6)))
    c.w("sacct.txt", "\n".join([
        "JobID           JobName      State ExitCode    Elapsed        NodeList",
        "%d         llm-70b     FAILED      1:0   05:15:02    gpu-d[01-08]" % job,
        "%d.0       torchrun     FAILED      1:0   05:15:00    gpu-d[01-08]" % job,
    ]))
    c.set_label("gpu_hardware", "infrastructure", {"node": "gpu-d05", "rank": 38}, "restart_without_node",
                "At 02:14:07 UTC (19:14 PDT in the node's syslog) GPU 0000:ba:00 on gpu-d05 fell off the bus (Xid 79, fatal PCIe AER); that is local rank 6 = global rank 38, the only rank with no watchdog line, and 30 minutes later every other rank timed out. The connection errors and torchrun's root cause on gpu-d01 are sympathetic, and the Xid 94/63 on gpu-d07 is from another job weeks earlier.",
                "https://github.com/rwth-i6/returnn/issues/1486")
    return c


# --------------------------------------------------------------------------- aj14
def time_limit_hang(cid):
    rng = random.Random(3914)
    c = Case(cid, "no_output_for_8_hours_then_time_limit")
    nodes = ["cn-g101", "cn-g102", "cn-g103", "cn-g104"]
    job = 2290115
    t0 = dt(2025, 12, 1, 23, 0, 4)
    L = ["Job %d started %s on %s" % (job, iso(t0, ms=False), ",".join(nodes)),
         "config: model=vit_h14 world_size=32 batch_per_gpu=48 dist_timeout_minutes=1440 amp=bf16 grad_accum=1",
         "rank layout: node_rank k -> global ranks 8k..8k+7"]
    L += pick_warns(rng, 1)
    t = add(t0, 120)
    step = 0
    while True:
        step += 50
        t = add(t, 50 * 1.14 + rng.uniform(-1, 1))
        if t > dt(2025, 12, 2, 3, 12, 40):
            break
        L.append("[%s] epoch %d step %6d/%d loss %.4f acc@1 %.3f lr %.5f  %.3fs/it  data %.3fs" % (
            hms(t), step // 26000, step, 26000 * 30, 5.1 - step * 4e-5, 0.08 + step * 1e-5, 1.2e-3, 1.14 + rng.uniform(-.01, .01), rng.uniform(.003, .009)))
    t_last = add(t, -50 * 1.14)
    tend = dt(2025, 12, 2, 11, 0, 12)
    L.append("slurmstepd: error: *** JOB %d ON cn-g101 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, isoT(tend, z="")[:19]))
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append("W%s 44102 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % glog(add(tend, 1), "", rng))
    L.append("W%s 44102 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 44110 closing signal SIGTERM" % glog(add(tend, 1), "", rng))
    c.w("slurm-%d.out" % job, "\n".join(L))
    c.w("sacct.txt", "\n".join([
        "JobID           JobName  Partition      State  Timelimit    Elapsed ExitCode        NodeList",
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------------",
        "%d        vit-h14     a100   TIMEOUT   12:00:00   12:00:08      0:0    cn-g[101-104]" % job,
        "%d.batch       batch              CANCELLED              12:00:10     0:15         cn-g101" % job,
        "%d.0        torchrun              CANCELLED              12:00:06     0:15    cn-g[101-104]" % job,
    ]))
    # py-spy dumps taken by on-call at 09:40 on two nodes
    tp = dt(2025, 12, 2, 9, 40, 0)
    for n, base in [("cn-g102", 8), ("cn-g104", 24)]:
        P = ["# py-spy dump --pid <each rank>  (%s, %s)" % (n, iso(tp, ms=False))]
        for k in range(8):
            pid = 51200 + base * 3 + k
            P.append(pyspy_header(pid, "/usr/bin/python3 -u train.py --cfg vit_h14.yaml"))
            P += ["Thread %d (active): \"MainThread\"" % pid,
                  "    _engine_run_backward (torch/autograd/graph.py:825)",
                  "    backward (torch/autograd/__init__.py:347)",
                  "    backward (torch/_tensor.py:581)",
                  "    train_one_epoch (engine.py:118)",
                  "    main (train.py:402)",
                  "    <module> (train.py:455)",
                  "Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (pid + 40),
                  "    get (multiprocessing/queues.py:113)",
                  "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:55)",
                  ""]
        c.w("%s/pyspy_ranks_%d-%d.txt" % (n, base, base + 7), "\n".join(P))
        c.w("%s/nvidia-smi.txt" % n, smi_table(tp, [dict(bus=A100_BUS[i], temp=rng.randint(33, 38), pwr=rng.randint(88, 97), cap=400, mem=70100 + rng.randint(0, 200), util=100) for i in range(8)],
                                               driver="535.161.08", cuda="12.2", model="NVIDIA A100-SXM4-80GB"))
    c.w("cn-g103/dmesg.txt", dmesg_lines(benign_dmesg(rng, 18.0, 6)))
    c.w("cn-g101/ibstat-summary.txt", "\n".join("mlx5_%d  port 1  State: Active  Rate: 200 (4X HDR)" % k for k in range(4)))
    c.set_label("hang", "infrastructure", None, "restart",
                "The last progress line is at 03:12 after steady 1.14 s steps; nothing follows for ~8 hours until Slurm kills the job at its time limit, and the 24 h dist timeout means no watchdog ever fired. py-spy on two nodes shows every rank waiting identically in backward and GPUs at 100% util with idle power, and there is no error or odd rank anywhere, so this is a hang with no evidence of who or why, not a healthy time-limit end.",
                "https://github.com/horovod/horovod/issues/777")
    return c


# --------------------------------------------------------------------------- aj17
def heartbeat_silent_rank(cid):
    rng = random.Random(3917)
    c = Case(cid, "heartbeat_alerts_job_stalled")
    nodes = ["hgx-b%02d" % i for i in range(1, 9)]
    bad_rank = 45
    bad_node = nodes[bad_rank // 8]  # hgx-b06
    t0 = dt(2025, 8, 27, 4, 10, 0)
    H = ["# hb_collect.py summary: last heartbeat phase per rank (heartbeats written by each rank's training loop",
         "# to /shared/run42/hb/rank-NN.log; collected %s UTC)" % iso(add(t0, 1500), ms=False),
         "rank  host     local  iter   last_phase              last_hb_utc               age_s"]
    for r in range(64):
        if r == bad_rank:
            H.append("%4d  %-7s  %5d  %5d  %-22s  %s  %7.1f" % (r, nodes[r // 8], r % 8, 9302, "fwd_start", iso(add(t0, 9.2)), 1490.8))
        else:
            ts = add(t0, 10.6 + rng.uniform(0, 0.4))
            H.append("%4d  %-7s  %5d  %5d  %-22s  %s  %7.1f" % (r, nodes[r // 8], r % 8, 9302, "grad_allreduce_enter", iso(ts), 1489.4 - rng.uniform(0, 0.4)))
    c.w("monitor/hb_summary.txt", "\n".join(H))
    phases = ["fwd_start", "fwd_end", "bwd_end", "grad_allreduce_enter", "grad_allreduce_exit", "optim_end"]

    def hb_log(last_phase, t_last):
        seq = []
        for it in range(9299, 9303):
            for ph in phases:
                seq.append((it, ph))
                if it == 9302 and ph == last_phase:
                    break
        out = []
        tt = t_last
        for it, ph in reversed(seq):
            out.append("%s it=%d phase=%s" % (iso(tt), it, ph))
            tt = add(tt, -rng.uniform(0.3, 0.9))
        return list(reversed(out))
    R = hb_log("fwd_start", add(t0, 9.2))
    c.w("monitor/hb/rank-45.log", "\n".join(R))
    R2 = hb_log("grad_allreduce_enter", add(t0, 10.637))
    c.w("monitor/hb/rank-44.log", "\n".join(R2))
    A = ["%s [alertmanager] FIRING TrainingStalled job=run42 no iteration log for 900s" % isoT(add(t0, 910)),
         "%s [alertmanager] FIRING HeartbeatStale job=run42 ranks=[45] age>600s" % isoT(add(t0, 610)),
         "%s [alertmanager] FIRING HeartbeatStale job=run42 ranks=[0..44,46..63] age>1200s" % isoT(add(t0, 1210))]
    c.w("monitor/alerts.log", "\n".join(A))
    # training stdout with watchdog of 63 ranks
    L = []
    t = add(t0, -200)
    for it in range(9280, 9302, 2):
        t = add(t, 2 * 4.02)
        L.append("[rank0]: %s | iter %d | loss %.4f | 4.02 s/it | tflops/gpu 391" % (iso(t), it, 2.04 - it * 1e-5))
    t_to = add(t0, 1810)
    for r in range(64):
        if r == bad_rank:
            continue
        L.append(watchdog_line(add(t_to, rng.uniform(0, 1)), r, 502118, "ALLREDUCE", 268435456, 268435456, 1800000, rng,
                               pg="PG ID 2 PG GUID 5(DATA_PARALLEL_GROUP) "))
    L.append("[rank3]:[%s ProcessGroupNCCL.cpp:1664] [PG ID 2 PG GUID 5(DATA_PARALLEL_GROUP) Rank 3] Exception (either an error or timeout) detected by watchdog at work: 502118, last enqueued NCCL work: 502118, last completed NCCL work: 502117." % c10(t_to, "E", rng))
    L.append("[rank45]:[%s ProcessGroupNCCL.cpp:1423] [PG ID 2 PG GUID 5(DATA_PARALLEL_GROUP) Rank 45] Received a dump signal due to a collective timeout from  rank 3 and we will try our best to dump the debug info. Last enqueued NCCL work: 502117, last completed NCCL work: 502117." % c10(add(t_to, 3), "E", rng))
    L.append("[ft_launcher] %s rank monitor: workers on hgx-b01 exited (SIGABRT); terminating job" % iso(add(t_to, 40)))
    L.append("[ft_launcher] %s Failures: first observed failure rank 3 (hgx-b01) exitcode -6" % iso(add(t_to, 41)))
    c.w("logs/train_all_ranks.log", "\n".join(L))
    c.w("nodes/%s/dmesg.txt" % bad_node, dmesg_lines(benign_dmesg(rng, 50.0, 6)))
    c.w("nodes/%s/nvidia-smi-q-perf.txt" % bad_node, "\n".join([smi_header(add(t0, 1300))] + [perf_block(b) for b in H100_BUS]))
    c.w("nodes/hgx-b01/dmesg.txt", dmesg_lines(benign_dmesg(rng, 50.0, 5)))
    c.set_label("hang", "infrastructure", {"node": "hgx-b06", "rank": 45}, "run_diagnostics",
                "Per-rank heartbeats show 63 ranks entered the gradient all-reduce of iteration 9302 while rank 45 (hgx-b06, local 5) stopped at fwd_start and went silent first; its own watchdog reports last enqueued work 502117, one short of the timed-out 502118. The ft_launcher's 'first failure rank 3' is a waiting rank, and the node's dmesg and throttle state show nothing.",
                "https://github.com/marin-community/marin/issues/7344")
    return c


# --------------------------------------------------------------------------- aj20
def uneven_batches(cid):
    rng = random.Random(3920)
    c = Case(cid, "hang_at_end_of_epoch_3")
    hosts = ["asr-node1", "asr-node2"]
    t0 = dt(2025, 3, 28, 15, 0, 0)
    lens = {r: (2411 if r < 10 else 2412) for r in range(16)}
    logs = {h: [] for h in hosts}
    logs["asr-node1"].append("2025-03-28 09:02:11,102 INFO [train.py:1204] (0/16) Training started; world_size=16, sampler=DynamicBucketingSampler(max_duration=1000, num_buckets=30, shuffle=True, drop_last=False)")
    logs["asr-node1"].append("2025-03-28 09:02:11,150 INFO [train.py:1210] (0/16) {'world_size': 16, 'master_port': 12354, 'num_epochs': 30, 'start_epoch': 1, 'drop_last': False, 'valid_interval': 3000}")
    t = t0
    for b in range(2200, 2412, 50):
        t = add(t, 50 * 0.61)
        logs["asr-node1"].append("%s INFO [train.py:1031] (0/16) Epoch 3, batch %d, loss[loss=0.%04d, ctc_loss=0.%04d, over %d frames. ], tot_loss[loss=0.1%03d, over 4.1e6 frames. ], batch size: %d, lr: 3.21e-02" % (
            iso(t), b, rng.randint(1400, 1900), rng.randint(900, 1300), rng.randint(21000, 26000), rng.randint(500, 700), rng.randint(60, 140)))
    t_end = add(t, 6)
    for r in range(16):
        h = hosts[r // 8]
        logs[h].append("%s INFO [train.py:1098] (%d/16) Epoch 3 data exhausted after %d batches; computing validation loss" % (iso(add(t_end, rng.uniform(0, 2))), r, lens[r]) if lens[r] == 2411 else
                       "%s INFO [train.py:1031] (%d/16) Epoch 3, batch 2411, batch size: 14 (last partial bucket)" % (iso(add(t_end, rng.uniform(0, 2))), r))
    t_to = add(t_end, 1800 + 4)
    for r in range(16):
        h = hosts[r // 8]
        if lens[r] == 2411:
            logs[h].append(watchdog_line(add(t_to, rng.uniform(0, 1)), r, 185203, "ALLREDUCE", 1, 1, 1800000, rng))
        else:
            logs[h].append(watchdog_line(add(t_to, rng.uniform(0, 1)), r, 185203, "ALLREDUCE", 25165824, 25165824, 1800000, rng))
    for h in hosts:
        c.w("%s/train.log" % h, "\n".join(logs[h]))
    F = ["$ python -m torch.distributed.flight_recorder.fr_trace ./fr -p nccl_trace_rank_",
         "loaded 16/16 rank dumps",
         "Collective 185203 at entry 185202 has mismatched input/output sizes across ranks",
         "group info: 0:default_pg",
         "  ranks [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]   nccl:all_reduce  in=[[1]]         stack: compute_validation_loss (train.py:862) <- train_one_epoch (train.py:1099)",
         "  ranks [10, 11, 12, 13, 14, 15]         nccl:all_reduce  in=[[25165824]]  stack: _sync_buckets (torch/nn/parallel/distributed.py) <- backward <- train_one_epoch (train.py:1040)",
         "Summary: size mismatch on 16/16 ranks at seq 185203; no rank missing."]
    c.w("fr_trace_analysis.txt", "\n".join(F))
    c.w("asr-node2/nvidia-smi.txt", smi_table(add(t_end, 900), [dict(bus=A100_BUS[i], temp=rng.randint(35, 40), pwr=rng.randint(85, 95), cap=400, mem=51000 + rng.randint(0, 2000), util=100) for i in range(8)],
                                           driver="535.183.01", cuda="12.2", model="NVIDIA A100-SXM4-80GB"))
    c.w("asr-node1/dmesg.txt", dmesg_lines(benign_dmesg(rng, 12.0, 5)))
    c.w("notes_from_user.txt", "\n".join([
        "Epochs 1 and 2 finished fine. Epoch 3 hangs right at the end, every time we resume from epoch-2.pt (tried twice, different nodes the second time: asr-node5/asr-node6, same hang at the same spot).",
        "We switched lhotse versions last week (1.16 -> 1.17) and set drop_last=False to keep all utterances.",
    ]))
    c.set_label("user_code", "script", None, "stop",
                "With drop_last=False the bucketing sampler gave ranks 0-9 2411 batches and ranks 10-15 2412, so at seq 185203 ten ranks entered the validation-loss all-reduce (1 element) while six were still in the DDP gradient all-reduce (25M elements); the flight recorder reports a size mismatch, nothing is missing, and it recurs at the same spot on other nodes.",
                "https://github.com/lhotse-speech/lhotse/pull/646")
    return c


# --------------------------------------------------------------------------- aj23
def pyspy_stuck_rank(cid):
    rng = random.Random(3923)
    c = Case(cid, "job_frozen_gpus_at_100_percent")
    hosts = ["gpu-x21", "gpu-x22"]
    bad_rank = 9
    t0 = dt(2025, 6, 21, 10, 0, 0)
    L = ["[%s] [INFO] [runner.py:607:main] cmd = /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJncHUteDIxIjog... --master_addr=gpu-x21 --master_port=29500 train_moe.py --deepspeed ds_config.json" % iso(t0),
         "gpu-x22: [%s] [INFO] [launch.py:164:main] dist_world_size=16, global ranks on this node: 8-15" % iso(add(t0, 4)),
         "gpu-x21: [%s] [INFO] [launch.py:164:main] dist_world_size=16, global ranks on this node: 0-7" % iso(add(t0, 4)),
         "gpu-x21: [%s] [INFO] [config.py:1001:print] comms_config ....... timeout=7200s" % iso(add(t0, 20))]
    t = add(t0, 60)
    for step in range(30000, 30211, 10):
        s = 0.88 + rng.uniform(-.02, .02)
        t = add(t, s * 10)
        L.append("gpu-x21: [%s] [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[8.1e-05], mom=[(0.9, 0.95)]  loss=%.4f  %.3fs/step" % (iso(t), step, 1.77 + rng.uniform(-.03, .03), s))
    c.w("launcher.log", "\n".join(L))
    tp = add(t, 3000)
    for hi, h in enumerate(hosts):
        P = ["# py-spy dump --native for each rank on %s, %s (job still running, no output since %s)" % (h, iso(tp, ms=False), hms(t))]
        for k in range(8):
            r = hi * 8 + k
            pid = 61000 + r * 13
            P.append(pyspy_header(pid, "/usr/bin/python3 -u train_moe.py --local_rank=%d --deepspeed ds_config.json" % k))
            if r == bad_rank:
                P += ["Thread %d (active): \"MainThread\"" % pid,
                      "    cuStreamSynchronize (libcuda.so.1)",
                      "    cudaStreamSynchronize (libcudart.so.12)",
                      "    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
                      "    item (torch/_tensor.py)",
                      "    tolist (torch/_tensor.py)",
                      "    dispatch_tokens (model/moe_layer.py:212)",
                      "    forward (model/moe_layer.py:188)",
                      "    _call_impl (torch/nn/modules/module.py:1747)",
                      "    forward (model/transformer.py:301)",
                      "    forward (deepspeed/runtime/engine.py:1899)",
                      "    train_step (train_moe.py:244)",
                      "    main (train_moe.py:318)"]
            else:
                P += ["Thread %d (active): \"MainThread\"" % pid,
                      "    ncclGroupEnd (libnccl.so.2)" if k % 2 else "    c10d::ProcessGroupNCCL::WorkNCCL::synchronizeStream (libtorch_cuda.so)",
                      "    all_to_all_single (torch/distributed/distributed_c10d.py:4214)",
                      "    _AllToAll.forward (model/moe_layer.py:71)",
                      "    dispatch_tokens (model/moe_layer.py:219)",
                      "    forward (model/moe_layer.py:188)",
                      "    _call_impl (torch/nn/modules/module.py:1747)",
                      "    forward (model/transformer.py:301)",
                      "    forward (deepspeed/runtime/engine.py:1899)",
                      "    train_step (train_moe.py:244)",
                      "    main (train_moe.py:318)"]
            P.append("")
        c.w("%s/pyspy_dump.txt" % h, "\n".join(P))
    src = ["# model/moe_layer.py lines 205-221",
           "205    def dispatch_tokens(self, x, routing):",
           "206        # count tokens per expert on this rank",
           "207        counts = torch.bincount(routing.flatten(), minlength=self.num_experts)",
           "208        # exchange counts so every rank can size its receive buffers",
           "209        recv_counts = torch.empty_like(counts)",
           "210        dist.all_to_all_single(recv_counts, counts, group=self.ep_group)",
           "211        # host needs the split sizes",
           "212        in_splits = counts.view(self.ep_size, -1).sum(1).tolist()",
           "213        out_splits = recv_counts.view(self.ep_size, -1).sum(1).tolist()",
           "214        ...",
           "219        return _AllToAll.apply(x, in_splits, out_splits, self.ep_group)"]
    c.w("gpu-x21/moe_layer_excerpt.txt", "\n".join(src))
    rows = ["# dcgmi dmon -e 155,150,203,1002,1005,230 -c 3 (%s)" % iso(add(tp, 60), ms=False),
            "#Entity   POWER  GTMP  GPUTL  SMACT  DRAMA  XIDER"]
    for h in hosts:
        rows.append("# host %s" % h)
        for g in range(8):
            if h == "gpu-x22" and g == 1:
                rows.append("GPU %d   %6.1f    61    100   0.998  0.000      0" % (g, 402.3))
            else:
                rows.append("GPU %d   %6.1f    %2d    100   0.016  0.000      0" % (g, rng.uniform(118, 131), rng.randint(38, 44)))
    c.w("dcgmi_dmon.txt", "\n".join(rows))
    c.w("gpu-x22/dmesg.txt", dmesg_lines(benign_dmesg(rng, 60.0, 6)))
    c.set_label("hang", "infrastructure", {"node": "gpu-x22", "rank": 9}, "run_diagnostics",
                "The job is still running with no output for 50 minutes; py-spy shows 15 ranks waiting in the expert all-to-all at moe_layer.py:219 while rank 9 (gpu-x22, local 1) is blocked in cudaStreamSynchronize at line 212 after the counts exchange every rank completed, and DCGM shows that GPU alone pinned at ~1.0 SM activity and 400 W. A rank stuck on its own GPU work, with no Xid, needs diagnostics.",
                "https://github.com/NVIDIA/nccl/issues/968")
    return c
