"""Cases bl10..bl18."""

import random

from bundle import Case
from common import (UTC, dt, td, tz, ts_py, ts_iso, ts_glog, ts_dmesg_T, ts_syslog,
                    nvsmi_q, nvsmi_table, nccl_init_lines, torchrun_header_glog,
                    torchrun_rdzv_result, dmesg_boot_noise, render_dmesg, ibstat,
                    megatron_args_block, megatron_iter_line, megatron_timers, lr_at,
                    loss_at, pyspy_dump, hexid)
from cases_a import megatron_startup, ipmi_sel, base_sel

PYT = "/usr/local/lib/python3.11/site-packages/torch"


def E(rank, t, src, msg, lvl="E"):
    return "[rank%d]:[%s%s %s] %s" % (rank, lvl, ts_glog(t, True), src, msg)


def watchdog_block(rank, t, pg_id, pg_guid, pg_rank, seq, op, numel, last_enq, last_comp, timeout_ms=600000):
    pgtag = "[PG ID %d PG GUID %s Rank %d]" % (pg_id, pg_guid, pg_rank)
    return [
        E(rank, t, "ProcessGroupNCCL.cpp:632", "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (
            pg_rank, seq, op, numel, numel, timeout_ms, timeout_ms + 13 + rank % 41)),
        E(rank, t, "ProcessGroupNCCL.cpp:2268", "%s failure detected by watchdog at work sequence id: %d PG status: last enqueued work: %d, last completed work: %d" % (
            pgtag, seq, last_enq, last_comp)),
        E(rank, t, "ProcessGroupNCCL.cpp:684", "[Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % pg_rank),
        E(rank, t, "ProcessGroupNCCL.cpp:690", "[Rank %d] To avoid data inconsistency, we are taking the entire process down." % pg_rank),
    ]


# ------------------------------------------------------------------ bl10

def bl10():
    rng = random.Random(6710)
    c = Case("bl10_steps_stop_then_watchdog_fr_dumps")
    nodes = ["h100-pod2-%d" % i for i in range(17, 21)]
    stuck = 13
    start = dt(2025, 6, 18, 0, 41, 5)
    step_s = 4.104
    last_step = 4120
    logs = {n: [] for n in nodes}
    for gi, n in enumerate(nodes):
        logs[n] += torchrun_header_glog(start, 8800 + gi)
        logs[n] += torchrun_rdzv_result(start + td(seconds=2), 8800 + gi, gi, 4, 8, "h100-pod2-17")
    L0 = logs[nodes[0]]
    L0[0:0] = ["+ export TORCH_NCCL_TRACE_BUFFER_SIZE=2000",
               "+ export TORCH_NCCL_DUMP_ON_TIMEOUT=1",
               "+ export TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/shared/fr/job_119702/nccl_trace_rank_",
               "+ srun --ntasks-per-node=1 torchrun --nnodes 4 --nproc_per_node 8 -m torchtitan.train --job.config_file llama3_70b.toml"]

    def ti(t, msg):
        return "[rank0]:[titan] %s - root - INFO - %s" % (ts_py(t), msg)

    t = start + td(seconds=20)
    L0.append(ti(t, "Starting job: Llama 3 70B training"))
    L0.append(ti(t, "Building 2-D device mesh with ['dp_shard', 'tp'], [4, 8]"))
    L0.append(ti(t + td(seconds=14), "Model llama3 70B size: 70,553,706,496 total parameters"))
    L0.append(ti(t + td(seconds=14), "Applied Tensor Parallelism to the model"))
    L0.append(ti(t + td(seconds=15), "Applied full activation checkpointing to the model"))
    L0.append(ti(t + td(seconds=15), "Applied FSDP to the model"))
    L0.append(ti(t + td(seconds=40), "Loading the checkpoint at step 3500."))
    L0.append(ti(t + td(seconds=88), "Finished loading the checkpoint in 47.21 seconds."))
    L0.append(ti(t + td(seconds=88), "Trainer is initialized with local batch size 4, global batch size 16, gradient accumulation steps 1, sequence length 8192, total steps 20000 (warmup 500)"))
    L0.append(ti(t + td(seconds=88), "Training starts at step 3501."))
    t = t + td(seconds=90)
    for step in range(3510, last_step + 1, 10):
        t = t + td(seconds=rng.gauss(step_s, 0.01) * 10)
        tps = int(8192 * 16 / 32 / step_s * rng.uniform(0.995, 1.005))
        tfl = tps * 6 * 70.55e9 / 1e12 * 1.05
        L0.append(ti(t, "step: %4d  loss: %7.4f  grad_norm: %7.4f  memory: 64.12GiB(81.07%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
            step, loss_at(step, rng, 11.0, 2.05), abs(rng.gauss(0.42, 0.05)), "{:,}".format(tps), tfl, tfl / 9.89)))
        if step % 500 == 0:
            L0.append(ti(t, "Saving the checkpoint (or staging if async is enabled)."))
            L0.append(ti(t + td(seconds=31), "[GC] GC collection invoked by checkpointer. 0.41 seconds."))
            L0.append(ti(t + td(seconds=31), "Finished saving the checkpoint (or staging if async is enabled)in 31.07 seconds."))
            t = t + td(seconds=31)
    hang = t + td(seconds=2.4)
    wd = hang + td(seconds=600)
    dp_groups = {k: [k, 8 + k, 16 + k, 24 + k] for k in range(8)}
    base_seq0 = 1264419
    for r in range(32):
        n = nodes[r // 8]
        gr = random.Random(671000 + r)
        tt = wd + td(milliseconds=gr.randint(5, 900))
        if r == stuck:
            continue
        if 8 <= r <= 15:
            # tp peers of the stuck rank, waiting in tp all_reduce
            logs[n] += watchdog_block(r, tt, 2, "11(tp)", r - 8, 309122, "ALLREDUCE", 67108864, 309122, 309121)
        else:
            k = r % 8
            logs[n] += watchdog_block(r, tt, 1, "3(dp_shard)", r // 8, 98871, "_REDUCE_SCATTER_BASE", 262144000, 98871, 98870)
        logs[n].append(E(r, tt + td(milliseconds=3), "ProcessGroupNCCL.cpp:1595", "[PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % r))
        logs[n].append(E(r, tt + td(milliseconds=700), "ProcessGroupNCCL.cpp:1607", "[PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL dumped debug info to /shared/fr/job_119702/nccl_trace_rank_%d" % (r, r), lvl="I"))
    # the stuck rank only receives the dump signal
    tt = wd + td(milliseconds=1320)
    logs[nodes[1]].append(E(stuck, tt, "ProcessGroupNCCL.cpp:1664",
                            "[PG ID 0 PG GUID 0(default_pg) Rank 13] Received a dump signal due to a collective timeout from  rank 9 and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (base_seq0, base_seq0)))
    logs[nodes[1]].append(E(stuck, tt + td(milliseconds=2), "ProcessGroupNCCL.cpp:1595", "[PG ID 0 PG GUID 0(default_pg) Rank 13] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1"))
    logs[nodes[1]].append(E(stuck, tt + td(milliseconds=690), "ProcessGroupNCCL.cpp:1607", "[PG ID 0 PG GUID 0(default_pg) Rank 13] ProcessGroupNCCL dumped debug info to /shared/fr/job_119702/nccl_trace_rank_13", lvl="I"))
    # abort / teardown
    for gi, n in enumerate(nodes):
        g = ts_glog(wd + td(seconds=12))
        first = gi * 8 if gi != 1 else 8
        for lr_ in range(8):
            r = gi * 8 + lr_
            if r == first:
                continue
            logs[n].append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (g, 8800 + gi, 8810 + r))
        logs[n].append("E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (ts_glog(wd + td(seconds=14)), 8800 + gi, 8810 + first))
        logs[n] += [
            "Traceback (most recent call last):",
            "  File \"/usr/local/bin/torchrun\", line 8, in <module>",
            "    sys.exit(main())",
            "  File \"%s/distributed/elastic/multiprocessing/errors/__init__.py\", line 355, in wrapper" % PYT,
            "    return f(*args, **kwargs)",
            "  File \"%s/distributed/run.py\", line 919, in main" % PYT,
            "    run(args)",
            "  File \"%s/distributed/launcher/api.py\", line 263, in launch_agent" % PYT,
            "    raise ChildFailedError(",
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
            "============================================================",
            "torchtitan.train FAILED",
            "------------------------------------------------------------",
            "Failures:",
            "  <NO_OTHER_FAILURES>",
            "------------------------------------------------------------",
            "Root Cause (first observed failure):",
            "[0]:",
            "  time      : %s" % (wd + td(seconds=13)).strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % n,
            "  rank      : %d (local_rank: 0)" % first,
            "  exitcode  : -6 (pid: %d)" % (8810 + first),
            "  error_file: <N/A>",
            "  traceback : Signal 6 (SIGABRT) received by PID %d" % (8810 + first),
            "============================================================",
        ]
    for n in nodes:
        c.add("%s/torchrun.log" % n, logs[n])
    fr = ["$ torchfrtrace --prefix nccl_trace_rank_ /shared/fr/job_119702/",
          "INFO:torch.distributed.flight_recorder.components.builder:Not all ranks joining collective 309122 at entry 2001",
          "INFO:torch.distributed.flight_recorder.components.builder:group info: 11:tp",
          "INFO:torch.distributed.flight_recorder.components.builder:collective: nccl:all_reduce",
          "INFO:torch.distributed.flight_recorder.components.builder:missing ranks: {13}",
          "INFO:torch.distributed.flight_recorder.components.builder:input sizes: [[1, 8192, 8192]]",
          "INFO:torch.distributed.flight_recorder.components.builder:output sizes: [[1, 8192, 8192]]",
          "INFO:torch.distributed.flight_recorder.components.builder:expected ranks: 8",
          "INFO:torch.distributed.flight_recorder.components.builder:collective state: scheduled",
          "INFO:torch.distributed.flight_recorder.components.builder:collective stack trace: ",
          " all_reduce at %s/distributed/distributed_c10d.py:2501" % PYT,
          "wrapper at %s/distributed/c10d_logger.py:83" % PYT,
          "all_reduce at %s/distributed/_functional_collectives.py:215" % PYT,
          "_reduce_partial at %s/distributed/tensor/placement_types.py:560" % PYT,
          "forward at /workspace/torchtitan/torchtitan/models/llama3/model.py:281",
          ]
    for k in range(8):
        grp = dp_groups[k]
        missing = {13} if k == 5 else {8 + k}
        fr += ["INFO:torch.distributed.flight_recorder.components.builder:Not all ranks joining collective 98871 at entry %d" % (1995 + k),
               "INFO:torch.distributed.flight_recorder.components.builder:group info: %d:dp_shard" % (3 + k),
               "INFO:torch.distributed.flight_recorder.components.builder:collective: nccl:_reduce_scatter_base",
               "INFO:torch.distributed.flight_recorder.components.builder:missing ranks: {%d}" % list(missing)[0],
               "INFO:torch.distributed.flight_recorder.components.builder:input sizes: [[262144000]]",
               "INFO:torch.distributed.flight_recorder.components.builder:output sizes: [[65536000]]",
               "INFO:torch.distributed.flight_recorder.components.builder:expected ranks: 4",
               "INFO:torch.distributed.flight_recorder.components.builder:collective state: scheduled",
               "INFO:torch.distributed.flight_recorder.components.builder:collective stack trace: ",
               " reduce_scatter_tensor at %s/distributed/distributed_c10d.py:4034" % PYT,
               "wrapper at %s/distributed/c10d_logger.py:83" % PYT,
               "foreach_reduce at %s/distributed/fsdp/_fully_shard/_fsdp_collectives.py:416" % PYT,
               "post_backward at %s/distributed/fsdp/_fully_shard/_fsdp_param_group.py:459" % PYT]
    fr += ["",
           "rank 13 last 3 entries (from nccl_trace_rank_13):",
           "  record_id  pg          collective_seq_id  profiling_name            state      time_created_ns",
           "  1998       11:tp       309119             nccl:all_reduce           completed  %d" % (int((hang - td(seconds=1.9)).timestamp()) * 10 ** 9 + 117000),
           "  1999       8:dp_shard  98870              nccl:_reduce_scatter_base completed  %d" % (int((hang - td(seconds=0.9)).timestamp()) * 10 ** 9 + 512000),
           "  2000       11:tp       309121             nccl:all_reduce           completed  %d" % (int((hang - td(seconds=0.2)).timestamp()) * 10 ** 9 + 90000),
           "rank 12 last entry: 2001  11:tp  309122  nccl:all_reduce  scheduled  %d" % (int(hang.timestamp()) * 10 ** 9 + 4000),
           "rank 14 last entry: 2001  11:tp  309122  nccl:all_reduce  scheduled  %d" % (int(hang.timestamp()) * 10 ** 9 + 6000)]
    c.add("fr_analysis_job119702.txt", fr)
    els = int((wd - start).total_seconds()) + 21
    el = "%02d:%02d:%02d" % (els // 3600, (els % 3600) // 60, els % 60)
    el2 = "%02d:%02d:%02d" % ((els - 18) // 3600, ((els - 18) % 3600) // 60, (els - 18) % 60)
    c.add("sacct.txt", ["JobID           JobName      State ExitCode    Elapsed        NodeList ",
                        "------------ ---------- ---------- -------- ---------- --------------- ",
                        "119702       llama70b-+     FAILED      1:0   %s h100-pod2-[17-20] " % el,
                        "119702.batch      batch     FAILED      1:0   %s    h100-pod2-17 " % el,
                        "119702.0       torchrun     FAILED      1:0   %s h100-pod2-[17-20] " % el2])
    boot = dt(2025, 6, 10, 9, 0, 0)
    for gi, n in enumerate(nodes):
        gr = random.Random(67100 + gi)
        gpus = [{"temp": gr.randint(33, 40), "power": gr.uniform(110, 135), "util": 0 if gi != 1 else gr.choice([0, 100]),
                 "mem_used": 0, "sm": 1980} for _ in range(8)]
        c.add("%s/nvidia-smi-q.after.txt" % n, nvsmi_q(wd + td(minutes=6), gpus, rng=gr))
        c.add("%s/dmesg-T.txt" % n, render_dmesg(dmesg_boot_noise(gr, n, n=24), "T", boot_time=boot))
    c.set_label(
        "hang", "infrastructure", "h100-pod2-18", stuck, "run_diagnostics",
        "Training stops logging after step 4120 and 600 s later every rank except 13 times out (tp peers of rank 13 in "
        "all_reduce 309122, other nodes in dp_shard reduce-scatter 98871); the flight-recorder analysis shows rank 13 "
        "never joined either collective and its own buffer ends with completed work, and rank 13 reports last "
        "enqueued == last completed. Rank 13 (local rank 5 on h100-pod2-18) is the one stuck; the SIGABRT summaries "
        "naming other ranks are sympathetic.",
        "https://docs.pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")
    return c


# ------------------------------------------------------------------ bl11

def bl11():
    rng = random.Random(6711)
    c = Case("bl11_log_silent_then_timeouts_every_rank")
    nodes = ["node-a%02d" % i for i in range(1, 5)]
    start = dt(2024, 2, 6, 21, 12, 40, tzinfo=tz(-8))
    last_t = dt(2024, 2, 7, 11, 2, 17, tzinfo=tz(-8))
    seq = 220871
    for gi, n in enumerate(nodes):
        gr = random.Random(671100 + gi)
        L = []
        L += ["[%s] torch.distributed.run: [WARNING] " % ts_py(start),
              "[%s] torch.distributed.run: [WARNING] *****************************************" % ts_py(start),
              "[%s] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ts_py(start),
              "[%s] torch.distributed.run: [WARNING] *****************************************" % ts_py(start)]
        for lr_ in range(4):
            r = gi * 4 + lr_
            for ln in nccl_init_lines(n, 40100 + r, 40190 + r, lr_, r, 16, 4, "172.16.8.%d" % (21 + gi), gr,
                                      ib_devs=["mlx5_0", "mlx5_1"], version="2.19.3+cuda12.3")[:18]:
                L.append(ln)
        if gi == 0:
            t = start + td(seconds=70)
            step = 0
            while t < last_t:
                step += 200
                t = t + td(seconds=gr.gauss(0.571, 0.004) * 200)
                if t > last_t:
                    break
                L.append("%s - INFO - trainer - epoch 3 step %6d/%d loss %.4f lr %.3e throughput %.1f samples/s" % (
                    ts_py(t), 44000 + step, 160000, 2.31 - step * 1e-6 + gr.gauss(0, 0.01), 1e-4, 448.0 + gr.gauss(0, 2)))
        wd = last_t + td(seconds=1800)
        for lr_ in range(4):
            r = gi * 4 + lr_
            tt = wd + td(milliseconds=gr.randint(40, 700))
            L += watchdog_block(r, tt, 0, "0(default_pg)", r, seq, "ALLREDUCE", 102760448, seq, seq - 1, timeout_ms=1800000)
            L.append(E(r, tt + td(milliseconds=1), "ProcessGroupNCCL.cpp:670", "Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."))
            L.append(E(r, tt + td(milliseconds=2), "ProcessGroupNCCL.cpp:1595", "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=ALLREDUCE, NumelIn=102760448, NumelOut=102760448, Timeout(ms)=1800000) ran for 1800%03d milliseconds before timing out." % (r, r, seq, 13 + r)))
            L.append("terminate called after throwing an instance of 'c10::DistBackendError'")
            L.append("  what():  [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=ALLREDUCE, NumelIn=102760448, NumelOut=102760448, Timeout(ms)=1800000) ran for 1800%03d milliseconds before timing out." % (r, r, seq, 13 + r))
        L.append("[%s] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /opt/conda/bin/python" % (ts_py(wd + td(seconds=4)), 40100 + gi * 4))
        L.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
        L.append("============================================================")
        L.append("train.py FAILED")
        L.append("------------------------------------------------------------")
        L.append("Failures:")
        for lr_ in range(1, 4):
            L.append("[%d]:" % lr_)
            L.append("  time      : %s" % (wd + td(seconds=4)).strftime("%Y-%m-%d_%H:%M:%S"))
            L.append("  host      : %s" % n)
            L.append("  rank      : %d (local_rank: %d)" % (gi * 4 + lr_, lr_))
            L.append("  exitcode  : -6 (pid: %d)" % (40100 + gi * 4 + lr_))
            L.append("  error_file: <N/A>")
            L.append("  traceback : Signal 6 (SIGABRT) received by PID %d" % (40100 + gi * 4 + lr_))
        L.append("------------------------------------------------------------")
        L.append("Root Cause (first observed failure):")
        L.append("[0]:")
        L.append("  time      : %s" % (wd + td(seconds=4)).strftime("%Y-%m-%d_%H:%M:%S"))
        L.append("  host      : %s" % n)
        L.append("  rank      : %d (local_rank: 0)" % (gi * 4))
        L.append("  exitcode  : -6 (pid: %d)" % (40100 + gi * 4))
        L.append("  error_file: <N/A>")
        L.append("  traceback : Signal 6 (SIGABRT) received by PID %d" % (40100 + gi * 4))
        L.append("============================================================")
        c.add("%s/train-%s.log" % (n, n), L)
        boot = dt(2024, 1, 29, 8, 10, 0, tzinfo=tz(-8))
        ent = dmesg_boot_noise(gr, n, n=22)
        if n == "node-a03":
            ent.append(((dt(2024, 2, 4, 13, 2, 11, tzinfo=tz(-8)) - boot).total_seconds(),
                        "NVRM: Xid (PCI:0000:47:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000018f2e) marked for remapping, reset gpu to activate."))
        c.add("%s/kern.log" % n, render_dmesg(sorted(ent), "syslog", boot_time=boot, host=n))
        gpus = [{"temp": gr.randint(31, 38), "power": gr.uniform(55, 70), "util": 0, "mem_used": 0, "sm": 1410,
                 "remap_corr": 1 if (n == "node-a03" and g == 2) else 0} for g in range(4)]
        c.add("%s/nvidia-smi-q.txt" % n, nvsmi_q(wd + td(minutes=9), gpus, rng=gr, product="NVIDIA A100-SXM4-40GB",
                                                 driver="545.23.08", cuda="12.3", busids=["07", "0F", "47", "4E"]))
        c.add("%s/ibstat.txt" % n, ibstat(["mlx5_0", "mlx5_1"], rates={"mlx5_0": 200, "mlx5_1": 200}, guid_seed=gi))
    c.add("sacct.txt", [
        "JobID           JobName  Partition      State ExitCode    Elapsed ",
        "------------ ---------- ---------- ---------- -------- ---------- ",
        "   7710294   vitg-pret   a100-40g     FAILED      1:0   14:20:11 ",
        "7710294.bat+      batch               FAILED      1:0   14:20:11 ",
        "7710294.0        python               FAILED      1:0   14:19:58 ",
    ])
    c.set_label(
        "hang", "infrastructure", None, None, "restart",
        "The training log stops at 11:02 and exactly 30 minutes later all 16 ranks time out in the same ALLREDUCE "
        "(SeqNum 220871) with last enqueued = 220871 and last completed = 220870 on every rank, so every rank entered "
        "the collective; no flight recorder, no Xid or link errors (the Xid 63 row remap on node-a03 is days old and "
        "benign) and all IB ports are active. Nothing points at a node or at the program.",
        "https://github.com/NVIDIA/nccl/issues/1730")
    return c


# ------------------------------------------------------------------ bl12

def bl12():
    rng = random.Random(6712)
    c = Case("bl12_hang_right_after_validation")
    hosts = ["gke-a3-pool-7f3c2a1b-x9kq", "gke-a3-pool-7f3c2a1b-m2pd"]
    pods = ["llm-ft-master-0", "llm-ft-worker-0"]
    start = dt(2024, 12, 5, 16, 2, 11)
    seq = 3092
    hang_t = None
    for gi, (h, p) in enumerate(zip(hosts, pods)):
        gr = random.Random(671200 + gi)
        L = torchrun_header_glog(start, 1)
        L += torchrun_rdzv_result(start + td(seconds=5), 1, gi, 2, 8, "llm-ft-master-0", port=23456)
        t = start + td(seconds=60)
        for lr_ in range(8):
            r = gi * 8 + lr_
            L.append("[rank%d]:%s INFO [train.py:188] world_size=16 rank=%d local_rank=%d device=cuda:%d" % (r, ts_py(t), r, lr_, lr_))
        step = 0
        while step < 1500:
            step += 50
            t = t + td(seconds=gr.gauss(0.183, 0.002) * 50)
            if step % 500 == 0 or gi == 0:
                if gi == 0:
                    L.append("[rank0]:%s INFO [train.py:288] step %5d loss %.4f lr %.2e tok/s %d" % (
                        ts_py(t), step, 1.9 - step * 3e-4 + gr.gauss(0, 0.01), 2e-5, int(gr.gauss(48200, 150))))
            if step % 500 == 0:
                for lr_ in range(8):
                    r = gi * 8 + lr_
                    L.append("[rank%d]:%s INFO [train.py:380] running validation (200 batches)" % (r, ts_py(t + td(seconds=0.1))))
                t = t + td(seconds=36)
                if gi == 0:
                    vl = {500: 1.4702, 1000: 1.4113, 1500: 1.3700}[step]
                    L.append("[rank0]:%s INFO [train.py:398] step %5d val_loss %.4f" % (ts_py(t), step, vl))
                    if step < 1500:
                        L.append("[rank0]:%s INFO [train.py:405] save_best disabled until step 1500" % ts_py(t + td(milliseconds=2)))
                    else:
                        L.append("[rank0]:%s INFO [train.py:409] new best val_loss %.4f (prev inf), saving to /ckpt/best" % (ts_py(t + td(milliseconds=3)), vl))
                        hang_t = t + td(milliseconds=212)
        wd = hang_t + td(seconds=1800)
        for lr_ in range(8):
            r = gi * 8 + lr_
            tt = wd + td(milliseconds=gr.randint(10, 900))
            if r == 0:
                L += watchdog_block(r, tt, 0, "0(default_pg)", r, seq, "BROADCAST", 1, seq, seq - 1, timeout_ms=1800000)
            else:
                L += watchdog_block(r, tt, 0, "0(default_pg)", r, seq, "ALLREDUCE", 26214400, seq + 1 if lr_ % 3 else seq, seq - 1, timeout_ms=1800000)
            L.append(E(r, tt + td(milliseconds=4), "ProcessGroupNCCL.cpp:1607", "[PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL dumped debug info to /ckpt/fr/trace_%d" % (r, r), lvl="I"))
        c.add("%s/%s.log" % (h, p), L)
    fr = [
        "$ python -m torch.distributed.flight_recorder.fr_trace /ckpt/fr -p trace_",
        "Collective %d at entry %d errors" % (seq, seq - 1),
        "group info: 0:default_pg",
        "collective: nccl:broadcast",
        "input sizes: [[1]]",
        "output sizes: [[1]]",
        "expected ranks: 16",
        "collective state: scheduled",
        "error message: " + ", ".join("Culprit rank %d; Error type: COLLECTIVE_TYPE_MISMATCH, Detail finding Type 'broadcast' and 'all_reduce' do not match" % r for r in range(1, 16)),
        "collective stack trace: ",
        "broadcast at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2425",
        "wrapper at /usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py:83",
        "maybe_save_best at /workspace/ft/train.py:412",
        "validate at /workspace/ft/train.py:401",
        "main at /workspace/ft/train.py:455",
        "<module> at /workspace/ft/train.py:470",
        "",
        "$ python -m torch.distributed.flight_recorder.fr_trace /ckpt/fr -p trace_ -j --print_stack_trace | grep -A6 'collective_seq_id=%d' | head -20" % seq,
        "rank 0  pg 0:default_pg  collective_seq_id=%d  nccl:broadcast   in=[[1]]         state=scheduled" % seq,
        "    broadcast at .../torch/distributed/distributed_c10d.py:2425",
        "    maybe_save_best at /workspace/ft/train.py:412",
        "    validate at /workspace/ft/train.py:401",
        "rank 1  pg 0:default_pg  collective_seq_id=%d  nccl:all_reduce  in=[[26214400]]  state=scheduled" % seq,
        "    all_reduce at .../torch/distributed/distributed_c10d.py:2501",
        "    _run_reducer at .../torch/nn/parallel/distributed.py:1448" ,
        "    train_step at /workspace/ft/train.py:301",
        "rank 9  pg 0:default_pg  collective_seq_id=%d  nccl:all_reduce  in=[[26214400]]  state=scheduled" % seq,
        "    all_reduce at .../torch/distributed/distributed_c10d.py:2501",
        "    train_step at /workspace/ft/train.py:301",
    ]
    c.add("fr_trace_output.txt", fr)
    c.add("config/ft_llama3_8b.yaml", [
        "model: /models/Meta-Llama-3-8B",
        "data: /data/ft/support_tickets_v7",
        "micro_batch_size: 2",
        "grad_accum: 1",
        "lr: 2.0e-5",
        "max_steps: 6000",
        "log_every: 50",
        "eval_every: 500",
        "eval_batches: 200",
        "save_every: 2000",
        "save_best: true",
        "save_best_from_step: 1500",
        "ckpt_dir: /ckpt",
    ])
    c.add("kubectl_get_pods.txt", [
        "NAME              READY   STATUS    RESTARTS   AGE    IP            NODE                           NOMINATED NODE   READINESS GATES",
        "llm-ft-master-0   0/1     Error     0          2h13m  10.92.3.14    gke-a3-pool-7f3c2a1b-x9kq      <none>           <none>",
        "llm-ft-worker-0   0/1     Error     0          2h13m  10.92.7.22    gke-a3-pool-7f3c2a1b-m2pd      <none>           <none>",
    ])
    for gi, h in enumerate(hosts):
        gr = random.Random(67120 + gi)
        c.add("%s/dmesg.txt" % h, render_dmesg(dmesg_boot_noise(gr, h, n=18) + [
            (91822.4, "gve 0000:%02x:00.0: Driver is running with GQI QPL queue format." % (0x05 + gi)),
        ], "uptime"))
    c.set_label(
        "hang", "script", None, None, "stop",
        "The job hangs right after rank 0 logs the first 'new best val_loss, saving' at step 1500 (save_best only starts at step 1500); at the same collective "
        "sequence 3092 rank 0 is in a 1-element BROADCAST issued from maybe_save_best() while the other 15 ranks are "
        "in the next step's gradient ALLREDUCE, and fr_trace reports COLLECTIVE_TYPE_MISMATCH. A collective issued on "
        "one rank only is a program deadlock, not a node fault.",
        "https://github.com/pytorch/pytorch/issues/118369")
    return c


# ------------------------------------------------------------------ bl13

def bl13():
    rng = random.Random(6713)
    c = Case("bl13_run_finished_but_felt_slow")
    nodes = ["sc-gpu%d" % i for i in range(201, 209)]
    start = dt(2024, 10, 11, 20, 30, 34)
    world = 64
    args = {
        "tensor_model_parallel_size": 2, "pipeline_model_parallel_size": 1, "num_layers": 32, "hidden_size": 4096,
        "num_attention_heads": 32, "seq_length": 4096, "max_position_embeddings": 4096, "micro_batch_size": 2,
        "global_batch_size": 1024, "train_iters": 20000, "lr": 0.0003, "min_lr": 3e-05, "log_interval": 10,
        "eval_interval": 1000, "eval_iters": 20, "save_interval": 2500, "bf16": True, "world_size": world,
        "data_parallel_size": 32, "save": "/gpfs/proj/llm/ckpt/6p7b-r2", "log_throughput": True,
    }

    def run(t0, seed, job, n_it, tag):
        g = random.Random(seed)
        ck = "/gpfs/proj/llm/ckpt/6p7b-%s" % tag
        a2 = dict(args)
        a2["save"] = ck
        L = ["0: " + x for x in megatron_startup(t0, world, 2, 1, 32, a2, 3355443200)]
        t = t0 + td(seconds=95)
        cons = 0
        for it in range(1, n_it + 1):
            ms = g.gauss(9810.0, 35.0) if it > 1 else 18442.0
            t = t + td(milliseconds=ms)
            cons += 1024
            if it % 10 == 0:
                L.append("63: " + megatron_iter_line(t, it, 20000, cons, ms, 171.6 * 9810 / ms, lr_at(it, 3e-4, 1000, 20000, 3e-5),
                                                     1024, loss_at(it, g, 10.9, 2.02), abs(g.gauss(0.22, 0.03))))
            if it % 1000 == 0:
                et = g.uniform(61, 64)
                t = t + td(seconds=et)
                L.append("63: " + "-" * 99)
                L.append("63:  validation loss at iteration %d | lm loss value: %.6E | lm loss PPL: %.6E | " % (it, loss_at(it, g, 10.9, 2.02) + 0.03, 2.71828 ** (loss_at(it, g, 10.9, 2.02) + 0.03)))
                L.append("63: " + "-" * 99)
            if it % 2500 == 0:
                L.append("0: saving checkpoint at iteration %7d to %s in torch_dist format" % (it, ck))
                t = t + td(seconds=44)
                L.append("0:   successfully saved checkpoint from iteration %7d to %s [ t 1/2, p 1/1 ]" % (it, ck))
        return L, t

    L, end = run(start, 67131, 612877, 20000, "r2")
    L.append("0: [after training is done] datetime: %s " % end.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("63: Evaluating on 20480 samples")
    L.append("63: " + "-" * 99)
    L.append("63:  validation loss at iteration 20000 on validation set | lm loss value: 2.031122E+00 | lm loss PPL: 7.622442E+00 | ")
    L.append("63: " + "-" * 99)
    L.append("63:  validation loss at iteration 20000 on test set | lm loss value: 2.029871E+00 | lm loss PPL: 7.612911E+00 | ")
    L.append("63: " + "-" * 99)
    c.add("slurm-612877.out", L)
    B, bend = run(dt(2024, 9, 2, 8, 0, 12), 67132, 551203, 20000, "r1")
    c.add("baseline/slurm-551203.out.tail", B[-60:] + ["0: [after training is done] datetime: %s " % bend.strftime("%Y-%m-%d %H:%M:%S")])
    el = end - start
    bel = bend - dt(2024, 9, 2, 8, 0, 12)

    def fmt(d):
        s = int(d.total_seconds())
        return "%d-%02d:%02d:%02d" % (s // 86400, (s % 86400) // 3600, (s % 3600) // 60, s % 60)
    c.add("sacct.txt", [
        "JobID           JobName      State ExitCode    Elapsed   NNodes ",
        "------------ ---------- ---------- -------- ---------- -------- ",
        "551203       gpt6p7b-r1  COMPLETED      0:0 %s        8 " % fmt(bel + td(seconds=180)),
        "551203.batch      batch  COMPLETED      0:0 %s        1 " % fmt(bel + td(seconds=180)),
        "551203.0         python  COMPLETED      0:0 %s        8 " % fmt(bel + td(seconds=171)),
        "612877       gpt6p7b-r2  COMPLETED      0:0 %s        8 " % fmt(el + td(seconds=183)),
        "612877.batch      batch  COMPLETED      0:0 %s        1 " % fmt(el + td(seconds=183)),
        "612877.0         python  COMPLETED      0:0 %s        8 " % fmt(el + td(seconds=174)),
    ])
    c.add("ticket.md", [
        "### Run 612877 (gpt 6.7B, r2 data mix) -- throughput question",
        "",
        "The run finished over the weekend but it took about 2.3 days wall clock. I was hoping for ~1.5 days from",
        "the numbers in the 6.7B scaling note. Iterations were ~9.8 s each the whole way through. Could one of",
        "the sc-gpu20x nodes be slow? Logs and node snapshots attached.",
    ])
    for i, n in enumerate(nodes):
        gr = random.Random(67130 + i)
        gpus = [{"temp": gr.randint(47, 62), "power": gr.uniform(340, 395), "plimit": 400.0, "util": 100, "sm": 1410,
                 "mem_used": 62100 + gr.randint(0, 900), "sw_power_cap": gr.random() < 0.25,
                 "procs": [(55100 + g, "/usr/bin/python", 61800)]} for g in range(8)]
        c.add("%s/nvidia-smi-q.snapshot" % n, nvsmi_q(dt(2024, 10, 12, 14, 0, 0) + td(seconds=i), gpus, rng=gr,
                                                      product="NVIDIA A100-SXM4-80GB", driver="535.183.01", cuda="12.2",
                                                      busids=["07", "0F", "47", "4E", "87", "90", "B7", "BD"]))
    c.set_label(
        "unknown", "framework", None, None, "none",
        "The job completed normally (after training is done, COMPLETED 0:0) at a steady ~9.8 s/iteration with no "
        "degradation, and the previous identical run 551203 shows the same iteration time and elapsed time; node "
        "snapshots are clean. It is slow only against the user's expectation, not against its own baseline.",
        "https://github.com/epfLLM/Megatron-LLM/issues/11")
    return c


# ------------------------------------------------------------------ bl14

def bl14():
    rng = random.Random(6714)
    c = Case("bl14_torchtitan_tps_low_from_step_one")
    nodes = ["trn-h100-%04d" % i for i in range(409, 413)]
    bad, badgpu = "trn-h100-0411", 6
    start = dt(2025, 3, 27, 9, 14, 2)
    L = []
    for gi, n in enumerate(nodes):
        L += ["%s: %s" % (n, x) for x in torchrun_header_glog(start, 7001 + gi)]

    def ti(t, msg):
        return "trn-h100-0409: [rank0]:[titan] %s - root - INFO - %s" % (ts_py(t), msg)

    t = start + td(seconds=20)
    L.append(ti(t, "Starting job: Llama 3 8B training"))
    L.append(ti(t, "Building 1-D device mesh with ['dp_shard'], [32]"))
    L.append(ti(t + td(seconds=9), "Model llama3 8B size: 8,030,261,248 total parameters"))
    L.append(ti(t + td(seconds=10), "Applied selective activation checkpointing to the model"))
    L.append(ti(t + td(seconds=10), "Applied FSDP to the model"))
    L.append(ti(t + td(seconds=10), "Peak FLOPS used for computing MFU: 9.890e+14"))
    L.append(ti(t + td(seconds=11), "Trainer is initialized with local batch size 1, global batch size 32, gradient accumulation steps 1, sequence length 8192, total steps 6000 (warmup 300)"))
    L.append(ti(t + td(seconds=11), "Training starts at step 1."))
    t = t + td(seconds=12)
    for step in [1] + list(range(10, 1201, 10)):
        tps = int(rng.gauss(2318, 22)) if step > 1 else 811
        t = t + td(seconds=8192.0 / tps * (10 if step > 1 else 1))
        mfu = tps * 6 * 8.03e9 * 1.06 / 9.89e14 * 100
        L.append(ti(t, "step: %4d  loss: %7.4f  grad_norm: %7.4f  memory: 41.02GiB(51.86%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
            step, loss_at(step * 2, rng, 12.0, 3.6), abs(rng.gauss(0.8, 0.2)) + 0.2, "{:,}".format(tps), mfu * 9.89, mfu)))
    c.add("job-4410.log", L)
    ref = []
    tr = dt(2025, 3, 20, 15, 0, 0)
    for step in range(10, 101, 10):
        tps = int(rng.gauss(5912, 30))
        tr = tr + td(seconds=8192.0 / tps * 10)
        mfu = tps * 6 * 8.03e9 * 1.06 / 9.89e14 * 100
        ref.append("trn-h100-0402: [rank0]:[titan] %s - root - INFO - step: %4d  loss: %7.4f  grad_norm: %7.4f  memory: 41.02GiB(51.86%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
            ts_py(tr), step, loss_at(step * 2, rng, 12.0, 3.6), abs(rng.gauss(0.8, 0.2)) + 0.2, "{:,}".format(tps), mfu * 9.89, mfu))
    c.add("reference_job-4311_trn-h100-0401-0404.log", ref)
    snap = start + td(hours=1, minutes=2)
    boot = dt(2025, 3, 25, 18, 30, 0)
    for i, n in enumerate(nodes):
        gr = random.Random(67140 + i)
        gpus = []
        for g in range(8):
            d = {"temp": gr.randint(44, 55), "power": gr.uniform(380, 520), "util": 100, "sm": 1980,
                 "mem_used": 43900 + gr.randint(0, 300), "procs": [(7100 + i * 8 + g, "/usr/bin/python3", 43600)]}
            if n == "trn-h100-0410" and g == 2:
                d.update({"sw_power_cap": True})
            if n == bad and g == badgpu:
                d.update({"pcie_cur_gen": 1, "replays": 18933, "rx": 312, "tx": 288})
            gpus.append(d)
        c.add("%s/nvidia-smi-q.txt" % n, nvsmi_q(snap + td(seconds=i), gpus, rng=gr))
        ent = dmesg_boot_noise(gr, n, n=20)
        if n == bad:
            up0 = (start - boot).total_seconds() - 3600 * 30
            for k in range(40):
                u = up0 + k * gr.uniform(30, 900)
                ent.append((u, "pcieport 0000:b8:01.0: AER: Corrected error message received from 0000:ba:00.0"))
                ent.append((u + 0.00002, "nvidia 0000:ba:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"))
                ent.append((u + 0.00003, "nvidia 0000:ba:00.0:   device [10de:2330] error status/mask=00000001/0000e000"))
                ent.append((u + 0.00004, "nvidia 0000:ba:00.0:    [ 0] RxErr                  (First)"))
            ent.append((up0 - 200.0, "pcieport 0000:b8:01.0: pciehp: Slot(38): Link Up"))
            ent.append((up0 - 199.9, "nvidia 0000:ba:00.0: 32.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s PCIe x16 link at 0000:b8:01.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)"))
            c.add("%s/lspci-vv-ba00.txt" % n, [
                "ba:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
                "\tSubsystem: NVIDIA Corporation Device 16c1",
                "\tPhysical Slot: 38",
                "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+",
                "\tStatus: Cap+ 66MHz- UDF- FastB2B- ParErr- DEVSEL=fast >TAbort- <TAbort- <MAbort- >SERR- <PERR- INTx-",
                "\tLatency: 0",
                "\tInterrupt: pin A routed to IRQ 18",
                "\tNUMA node: 1",
                "\tRegion 0: Memory at e4000000 (32-bit, non-prefetchable) [size=16M]",
                "\tRegion 1: Memory at 226000000000 (64-bit, prefetchable) [size=128G]",
                "\tRegion 3: Memory at 228042000000 (64-bit, prefetchable) [size=32M]",
                "\tCapabilities: [60] Power Management version 3",
                "\tCapabilities: [78] Express (v2) Endpoint, MSI 00",
                "\t\tDevCap:\tMaxPayload 256 bytes, PhantFunc 0, Latency L0s unlimited, L1 <64us",
                "\t\tDevCtl:\tCorrErr+ NonFatalErr+ FatalErr+ UnsupReq-",
                "\t\t\tRlxdOrd+ ExtTag+ PhantFunc- AuxPwr- NoSnoop+ FLReset-",
                "\t\t\tMaxPayload 256 bytes, MaxReadReq 4096 bytes",
                "\t\tDevSta:\tCorrErr+ NonFatalErr- FatalErr- UnsupReq- AuxPwr- TransPend-",
                "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
                "\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+",
                "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+",
                "\t\t\tExtSynch- ClockPM- AutWidDis- BWInt- AutBWInt-",
                "\t\tLnkSta:\tSpeed 2.5GT/s (downgraded), Width x16 (ok)",
                "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
                "\t\tDevCap2: Completion Timeout: Range AB, TimeoutDis+ NROPrPrP- LTR-",
                "\t\tLnkCtl2: Target Link Speed: 32GT/s, EnterCompliance- SpeedDis-",
                "\t\tLnkSta2: Current De-emphasis Level: -6dB, EqualizationComplete+ EqualizationPhase1+",
                "\t\t\t EqualizationPhase2+ EqualizationPhase3+ LinkEqualizationRequest-",
                "\tCapabilities: [100 v1] Advanced Error Reporting",
                "\t\tUESta:\tDLP- SDES- TLP- FCP- CmpltTO- CmpltAbrt- UnxCmplt- RxOF- MalfTLP- ECRC- UnsupReq- ACSViol-",
                "\t\tCESta:\tRxErr+ BadTLP- BadDLLP- Rollover- Timeout- AdvNonFatalErr-",
                "\tKernel driver in use: nvidia",
                "\tKernel modules: nvidiafb, nouveau, nvidia_drm, nvidia",
            ])
        c.add("%s/dmesg.txt" % n, render_dmesg(sorted(ent), "T", boot_time=boot))
    c.set_label(
        "straggler", "infrastructure", bad, None, "restart_without_node",
        "All ranks run at ~2,300 tps from step 1, well under the ~5,900 tps of the same recipe on other nodes; under "
        "full load trn-h100-0411 GPU 6 (0000:ba:00.0) reports PCIe generation 1 of 5 with 18,933 replays, lspci shows "
        "LnkSta 2.5GT/s (downgraded) and dmesg is full of corrected AER RxErr from that device, while every other GPU "
        "runs Gen5. The one bad link throttles the whole FSDP job.",
        "https://github.com/janhq/jan/issues/183")
    return c


# ------------------------------------------------------------------ bl15

def bl15():
    rng = random.Random(6715)
    c = Case("bl15_deepspeed_samples_per_sec_dropped")
    nodes = ["worker-1", "worker-2", "worker-3", "worker-4"]
    bad = "worker-3"
    start = dt(2024, 6, 14, 8, 2, 51)
    L = []

    def w(h, t, src, msg, lvl="INFO"):
        return "%s: [%s] [%s] [%s] %s" % (h, ts_py(t), lvl, src, msg)

    L.append(w("worker-1", start, "runner.py:568", "cmd = pdsh -S -f 1024 -w worker-1,worker-2,worker-3,worker-4 export PYTHONPATH=/mnt/nfs/proj/sft; export NCCL_DEBUG=WARN; cd /mnt/nfs/proj/sft; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ3b3JrZXItMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n --master_addr=worker-1 --master_port=29500 train.py --deepspeed ds_config_zero2_offload.json"))
    for i, h in enumerate(nodes):
        L.append(w(h, start + td(seconds=3), "launch.py:146", "WORLD INFO DICT: {'worker-1': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-2': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-3': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-4': [0, 1, 2, 3, 4, 5, 6, 7]}"))
        L.append(w(h, start + td(seconds=3), "launch.py:152", "nnodes=4, num_local_procs=8, node_rank=%d" % i))
        L.append(w(h, start + td(seconds=3), "launch.py:163", "global_rank_mapping=defaultdict(<class 'list'>, {'worker-1': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-2': [8, 9, 10, 11, 12, 13, 14, 15], 'worker-3': [16, 17, 18, 19, 20, 21, 22, 23], 'worker-4': [24, 25, 26, 27, 28, 29, 30, 31]})"))
    t = start + td(seconds=40)
    L.append(w("worker-1", t, "comm.py:637", "cdb=None"))
    L.append(w("worker-1", t, "comm.py:652", "Initializing TorchBackend in DeepSpeed with backend nccl"))
    L.append(w("worker-1", t + td(seconds=30), "logging.py:96:log_dist", "[Rank 0] DeepSpeed info: version=0.14.2, git-hash=unknown, git-branch=unknown"))
    L.append(w("worker-1", t + td(seconds=31), "stage_1_and_2.py:148:__init__", "Reduce bucket size 500000000"))
    L.append(w("worker-1", t + td(seconds=31), "stage_1_and_2.py:149:__init__", "Allgather bucket size 500000000"))
    L.append(w("worker-1", t + td(seconds=31), "stage_1_and_2.py:150:__init__", "CPU Offload: True"))
    L.append(w("worker-1", t + td(seconds=31), "stage_1_and_2.py:151:__init__", "Round robin gradient partitioning: False"))
    L.append("worker-1: Adam Optimizer #0 is created with AVX512 arithmetic capability.")
    L.append("worker-1: Config: alpha=0.000020, betas=(0.900000, 0.950000), weight_decay=0.000000, adam_w=1")
    L.append(w("worker-1", t + td(seconds=62), "config.py:996:print", "DeepSpeedEngine configuration:"))
    for k, v in [("wall_clock_breakdown", "True"), ("steps_per_print", "10"), ("train_batch_size", "256"),
                 ("train_micro_batch_size_per_gpu", "1"), ("gradient_accumulation_steps", "8"),
                 ("zero_optimization_stage", "2"), ("zero_config", "stage=2 contiguous_gradients=True reduce_scatter=True reduce_bucket_size=500000000 allgather_partitions=True allgather_bucket_size=500000000 overlap_comm=True load_from_fp32_weights=True elastic_checkpoint=False offload_param=None offload_optimizer=DeepSpeedZeroOffloadOptimizerConfig(device='cpu', nvme_path=None, buffer_count=4, pin_memory=True, pipeline=False, pipeline_read=False, pipeline_write=False, fast_init=False, ratio=1.0)")]:
        L.append(w("worker-1", t + td(seconds=62), "config.py:1000:print", "  %s %s %s" % (k, "." * (30 - len(k)), v)))
    t = t + td(seconds=70)
    sps_hist = []
    for step in range(10, 1601, 10):
        fwd = rng.gauss(301.5, 3)
        bwd = rng.gauss(612.2, 5)
        ostep = rng.gauss(640.4, 8)
        ag = rng.gauss(5480.0, 60)
        stepm = ostep + ag + rng.gauss(190, 4)
        per_step = 8 * (fwd + bwd) + stepm
        t = t + td(milliseconds=per_step * 10)
        sps = 256 / (per_step / 1000.0)
        sps_hist.append(sps)
        L.append(w("worker-1", t, "logging.py:96:log_dist", "[Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]" % (step, 2e-5 * min(1, step / 100))))
        L.append(w("worker-1", t, "timer.py:260:stop", "epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.3f, CurrSamplesPerSec=%.3f, MemAllocated=14.21GB, MaxMemAllocated=31.87GB" % (
            step * 8, step, sum(sps_hist) / len(sps_hist), sps)))
        L.append(w("worker-1", t, "logging.py:96:log_dist", "[Rank 0] rank=0 time (ms) | optimizer_allgather: %.2f | optimizer_gradients: %.2f | optimizer_step: %.2f" % (ag, rng.gauss(182, 3), ostep)))
        L.append(w("worker-1", t, "logging.py:96:log_dist", "[Rank 0] rank=0 time (ms) | fwd_microstep: %.2f | bwd_microstep: %.2f | bwd_inner_microstep: %.2f | bwd_allreduce_microstep: %.2f | step_microstep: %.2f" % (fwd, bwd, bwd - 13.2, 13.2, stepm)))
        L.append(w("worker-1", t, "logging.py:96:log_dist", "[Rank 0] rank=0 time (ms) | fwd: %.2f | bwd: %.2f | bwd_inner: %.2f | bwd_allreduce: %.2f | step: %.2f" % (fwd * 8, bwd * 8, (bwd - 13.2) * 8, 105.6, stepm)))
    c.add("deepspeed_pdsh.log", L)
    P = ["# job 2024-06-11 (worker-1,worker-2,worker-4,worker-5), same ds_config_zero2_offload.json"]
    tp_ = dt(2024, 6, 11, 13, 30, 0)
    for step in range(1400, 1501, 10):
        fwd, bwd, ostep, ag = rng.gauss(301.0, 3), rng.gauss(611.8, 5), rng.gauss(641.0, 8), rng.gauss(262.0, 9)
        stepm = ostep + ag + rng.gauss(190, 4)
        per_step = 8 * (fwd + bwd) + stepm
        tp_ = tp_ + td(milliseconds=per_step * 10)
        P.append(w("worker-1", tp_, "timer.py:260:stop", "epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.3f, CurrSamplesPerSec=%.3f, MemAllocated=14.21GB, MaxMemAllocated=31.87GB" % (
            step * 8, step, 30.48 + rng.gauss(0, 0.02), 256 / (per_step / 1000.0))))
        P.append(w("worker-1", tp_, "logging.py:96:log_dist", "[Rank 0] rank=0 time (ms) | optimizer_allgather: %.2f | optimizer_gradients: %.2f | optimizer_step: %.2f" % (ag, rng.gauss(182, 3), ostep)))
    c.add("previous_run_0611.log.tail", P)
    c.add("ds_config_zero2_offload.json", """{
  "train_batch_size": 256,
  "train_micro_batch_size_per_gpu": 1,
  "gradient_accumulation_steps": 8,
  "steps_per_print": 10,
  "wall_clock_breakdown": true,
  "bf16": {"enabled": true},
  "zero_optimization": {
    "stage": 2,
    "offload_optimizer": {"device": "cpu", "pin_memory": true},
    "overlap_comm": true,
    "contiguous_gradients": true,
    "reduce_bucket_size": 5e8,
    "allgather_bucket_size": 5e8
  },
  "gradient_clipping": 1.0
}
""")
    snap = start + td(hours=1, minutes=3)
    for i, h in enumerate(nodes):
        gr = random.Random(67150 + i)
        gov = "powersave" if h == bad else "performance"
        cur = "800 MHz" if h == bad else "%.2f GHz" % gr.uniform(3.28, 3.62)
        cp = ["analyzing CPU 0:",
              "  driver: intel_pstate",
              "  CPUs which run at the same hardware frequency: 0",
              "  CPUs which need to have their frequency coordinated by software: 0",
              "  maximum transition latency:  Cannot determine or is not supported.",
              "  hardware limits: 800 MHz - 3.80 GHz",
              "  available cpufreq governors: performance powersave",
              "  current policy: frequency should be within 800 MHz and %s." % ("800 MHz" if h == bad else "3.80 GHz"),
              "                  The governor \"%s\" may decide which speed to use" % gov,
              "                  within this range.",
              "  current CPU frequency: Unable to call hardware",
              "  current CPU frequency: %s (asserted by call to kernel)" % cur,
              "  boost state support:",
              "    Supported: yes",
              "    Active: %s" % ("no" if h == bad else "yes")]
        c.add("%s/cpupower-frequency-info.txt" % h, cp)
        ts_rows = ["Core\tCPU\tAvg_MHz\tBusy%\tBzy_MHz\tTSC_MHz\tIPC\tIRQ\tPkgWatt\tRAMWatt",
                   "-\t-\t%d\t%.2f\t%d\t2100\t%.2f\t%d\t%.2f\t%.2f" % (
                       gr.randint(270, 330) if h == bad else gr.randint(700, 900), gr.uniform(30, 37),
                       799 if h == bad else gr.randint(3350, 3580), gr.uniform(1.1, 1.4), gr.randint(180000, 260000),
                       gr.uniform(160, 190) if h == bad else gr.uniform(330, 390), gr.uniform(40, 60))]
        for core in range(4):
            ts_rows.append("%d\t%d\t%d\t%.2f\t%d\t2100\t%.2f\t%d\t%.2f\t%.2f" % (
                core, core, gr.randint(700, 800) if h == bad else gr.randint(2900, 3500), gr.uniform(88, 99.8),
                800 if h == bad else gr.randint(3400, 3600), gr.uniform(1.2, 1.9), gr.randint(2000, 9000),
                gr.uniform(80, 96) if h == bad else gr.uniform(165, 195), gr.uniform(20, 30)))
        c.add("%s/turbostat-5s.txt" % h, ts_rows)
        if h == bad:
            c.add("%s/tuned.log" % h, [
                "2024-06-13 22:41:07,114 INFO     tuned.daemon.application: dynamic tuning is globally disabled",
                "2024-06-13 22:41:07,119 INFO     tuned.daemon.daemon: using sleep interval of 1 second(s)",
                "2024-06-13 22:41:07,120 INFO     tuned.daemon.daemon: Running in automatic mode, checking what profile is recommended for your configuration.",
                "2024-06-13 22:41:07,121 INFO     tuned.daemon.daemon: Auto selected profile: 'powersave'",
                "2024-06-13 22:41:07,122 INFO     tuned.profiles.loader: loading profile: powersave",
                "2024-06-13 22:41:07,188 INFO     tuned.daemon.controller: starting controller",
                "2024-06-13 22:41:07,188 INFO     tuned.daemon.daemon: starting tuning",
                "2024-06-13 22:41:07,201 INFO     tuned.plugins.plugin_cpu: governor 'powersave' set",
                "2024-06-13 22:41:07,240 INFO     tuned.daemon.daemon: static tuning from profile 'powersave' applied",
            ])
        else:
            c.add("%s/tuned.log" % h, [
                "2024-05-30 10:02:44,501 INFO     tuned.daemon.daemon: Using 'throughput-performance' profile",
                "2024-05-30 10:02:44,588 INFO     tuned.plugins.plugin_cpu: governor 'performance' set",
                "2024-05-30 10:02:44,640 INFO     tuned.daemon.daemon: static tuning from profile 'throughput-performance' applied",
            ])
        c.add("%s/nvidia-smi.txt" % h, nvsmi_table(snap, [{"temp": gr.randint(35, 44), "power": gr.randint(120, 260),
                                                           "used": 33100 + gr.randint(0, 500), "util": gr.choice([22, 31, 45, 58])}
                                                          for _ in range(8)], driver="535.154.05", cuda="12.2"))
    c.set_label(
        "straggler", "infrastructure", bad, None, "restart_without_node",
        "Throughput is ~19 samples/s (~30.5 for the same config on other nodes on 06-11) and rank 0's step is dominated "
        "by optimizer_allgather (~5.5 s vs 0.26 s before) while its own "
        "CPU-Adam optimizer_step is only ~0.64 s, i.e. rank 0 waits for a slower peer in the ZeRO-Offload CPU step; "
        "worker-3 alone runs the powersave governor at 800 MHz (tuned auto-selected 'powersave' after a reboot the "
        "night before) while the other nodes run 'performance' at ~3.4 GHz.",
        "https://github.com/LostRuins/koboldcpp/issues/318")
    return c


# ------------------------------------------------------------------ bl16

def bl16():
    rng = random.Random(6716)
    c = Case("bl16_nemo_step_timing_jumps_afternoon")
    nodes = ["gpu-b07-%d" % i for i in range(1, 5)]
    bad = "gpu-b07-3"
    start = dt(2025, 1, 9, 14, 2, 30)
    L = []
    L.append("[NeMo I %s nemo_logging:393] Experiments will be logged at /results/llama3-8b-cpt/2025-01-09_14-02-30" % start.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:393] Fixing mis-match between ddp-config & mcore-optimizer config" % start.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:393] Rank 0 has data parallel group : [0, 8, 16, 24]" % (start + td(seconds=30)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:393] Rank 0 has tensor model parallel group: [0, 1, 2, 3, 4, 5, 6, 7]" % (start + td(seconds=30)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:393] Padded vocab_size: 128256, original vocab_size: 128256, dummy tokens: 0." % (start + td(seconds=34)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:393]  > number of parameters on (tensor, pipeline) model parallel rank (0 ,0): 1003782656" % (start + td(seconds=51)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s nemo_logging:393] Setting up optimizers" % (start + td(seconds=52)).strftime("%Y-%m-%d %H:%M:%S"))
    t = start + td(seconds=90)
    onset = dt(2025, 1, 9, 16, 21, 41)
    it = 0
    while t < dt(2025, 1, 9, 17, 39, 0):
        it += 1
        st = rng.gauss(2.612, 0.01) if t < onset else rng.gauss(3.842, 0.06)
        t = t + td(seconds=st)
        if it % 10 == 0:
            L.append("[NeMo I %s nemo_logging:393] Training epoch 0, iteration %d/49999 | lr: %.4g | global_batch_size: 512 | global_step: %d | reduced_train_loss: %.4g | train_step_timing in s: %.3g | consumed_samples: %d" % (
                t.strftime("%Y-%m-%d %H:%M:%S"), it - 1, 3e-4 * min(1, it / 500), it - 1, loss_at(it * 3, rng, 3.1, 2.25), st, it * 512))
    c.add("%s/nemo_log_globalrank-0_localrank-0.txt" % nodes[0], L)
    c.add("slurm-2202115.out", ["srun: Job step created", "see nemo_log_globalrank-0_localrank-0.txt on gpu-b07-1"])
    snap = dt(2025, 1, 9, 17, 40, 12)
    for i, n in enumerate(nodes):
        gr = random.Random(67160 + i)
        g = [{"temp": gr.randint(48, 60), "power": gr.randint(590, 690), "used": 61200 + gr.randint(0, 400), "util": 100} for _ in range(8)]
        procs = [(k, 31000 + i * 100 + k, "/usr/bin/python", 61100) for k in range(8)]
        if n == bad:
            g[1].update({"used": 61200 + 17224, "power": 699})
            procs.insert(2, (1, 88812, "/home/jliu/miniconda3/envs/eval/bin/python", 17224))
        c.add("%s/nvidia-smi.txt" % n, nvsmi_table(snap + td(seconds=i), g, procs=procs))
        c.add("%s/dmesg.txt" % n, render_dmesg(dmesg_boot_noise(gr, n, n=20), "uptime"))
    c.add("%s/ps-gpu-pids.txt" % bad, [
        "USER         PID                  STARTED     ELAPSED COMMAND",
        "svc-llm    31200 Thu Jan  9 14:02:31 2025    03:37:41 /usr/bin/python /opt/NeMo/scripts/llm/pretrain.py --factory llama3_8b ...",
        "svc-llm    31201 Thu Jan  9 14:02:31 2025    03:37:41 /usr/bin/python /opt/NeMo/scripts/llm/pretrain.py --factory llama3_8b ...",
        "jliu       88812 Thu Jan  9 16:21:37 2025    01:18:35 /home/jliu/miniconda3/envs/eval/bin/python eval_harness.py --model /scratch/jliu/ckpt/step_42000 --device cuda:1 --batch_size 64 --tasks hellaswag,arc_challenge,mmlu",
    ])
    c.add("%s/last.txt" % bad, [
        "jliu     pts/3        10.20.4.118      Thu Jan  9 16:20   still logged in",
        "svc-llm  ?            gpu-b07-1        Thu Jan  9 14:02   still logged in",
        "reboot   system boot  5.15.0-124-gene  Mon Jan  6 07:11   still running",
    ])
    c.add("%s/squeue-node.txt" % bad, [
        "  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
        "2202115      h100 llama3-8  svc-llm  R    3:37:40      4 gpu-b07-[1-4]",
    ])
    c.set_label(
        "straggler", "infrastructure", bad, None, "restart_without_node",
        "train_step_timing jumps from 2.61 s to 3.84 s at 16:21:41 on the synchronous job; at that moment a user "
        "logged into gpu-b07-3 outside Slurm started eval_harness.py on cuda:1, and nvidia-smi shows PID 88812 "
        "(17 GiB) sharing GPU 1 with the training rank. Only that node has a foreign GPU process.",
        "https://github.com/ruotianluo/ImageCaptioning.pytorch/issues/45")
    return c


# ------------------------------------------------------------------ bl17

def bl17():
    rng = random.Random(6717)
    c = Case("bl17_accelerate_reduce_time_doubled")
    nodes = ["dgx-h-%03d" % i for i in range(17, 21)]
    bad, badgpu = "dgx-h-019", 5
    start = dt(2025, 4, 2, 7, 30, 11)
    boot = dt(2025, 4, 1, 22, 4, 0)
    for gi, n in enumerate(nodes):
        gr = random.Random(671700 + gi)
        L = torchrun_header_glog(start, 6600 + gi)
        for lr_ in range(8):
            r = gi * 8 + lr_
            lines = nccl_init_lines(n, 6610 + r, 6690 + r, lr_, r, 32, 4, "10.9.1.%d" % (17 + gi), gr)
            if n == bad:
                out = []
                for ln in lines:
                    if "via P2P/CUMEM/read" in ln and (lr_ == badgpu or "-> %d[%d]" % (gi * 8 + badgpu, badgpu) in ln):
                        ln = ln.replace("via P2P/CUMEM/read", "via SHM/direct/direct")
                    out.append(ln)
                lines = out
                if lr_ == badgpu:
                    lines = [x for x in lines if "NVLS multicast support is available" not in x]
                    lines.insert(12, "%s:%d:%d [%d] NCCL INFO NVLS multicast support is not available on dev %d" % (n, 6610 + r, 6690 + r, lr_, lr_))
            L += lines
        if gi == 0:
            t = start + td(seconds=80)
            L.append("%s - INFO - __main__ - ***** Running training *****" % ts_py(t))
            L.append("%s - INFO - __main__ -   Num examples = 3,812,004" % ts_py(t))
            L.append("%s - INFO - __main__ -   Instantaneous batch size per device = 4" % ts_py(t))
            L.append("%s - INFO - __main__ -   Total train batch size (w. parallel, distributed & accumulation) = 256" % ts_py(t))
            L.append("%s - INFO - __main__ -   Total optimization steps = 14,891" % ts_py(t))
            for step in range(20, 1401, 20):
                st = rng.gauss(4.93, 0.05)
                t = t + td(seconds=st * 20)
                L.append("%s - INFO - __main__ - step %5d | loss %.4f | lr %.3e | step_time %.2fs | fwd_bwd %.2fs | reduce %.2fs | tokens/s/gpu %d" % (
                    ts_py(t), step, loss_at(step * 2, rng, 2.9, 1.7), 1e-5, st, rng.gauss(2.21, 0.02), st - 2.21 - 0.12, int(8 * 4096 / st)))
        c.add("%s/accelerate_launch.log" % n, L)
    ref = ["# same script, 2025-03-28, dgx-h-021..024"]
    tr = dt(2025, 3, 28, 10, 0, 0)
    for step in range(20, 201, 20):
        st = rng.gauss(2.61, 0.03)
        tr = tr + td(seconds=st * 20)
        ref.append("%s - INFO - __main__ - step %5d | loss %.4f | lr %.3e | step_time %.2fs | fwd_bwd %.2fs | reduce %.2fs | tokens/s/gpu %d" % (
            ts_py(tr), step, loss_at(step * 2, rng, 2.9, 1.7), 1e-5, st, rng.gauss(2.20, 0.02), st - 2.20 - 0.12, int(8 * 4096 / st)))
    c.add("reference_run_0328_rank0.log", ref)
    for gi, n in enumerate(nodes):
        gr = random.Random(67170 + gi)
        lines = []
        for g in range(8):
            lines.append("GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%s-%s-%s-%s-%s)" % (g, hexid(gr, 8), hexid(gr, 4), hexid(gr, 4), hexid(gr, 4), hexid(gr, 12)))
            for lk in range(18):
                if n == bad and g == badgpu:
                    lines.append("\t Link %d: <inactive>" % lk)
                else:
                    lines.append("\t Link %d: 26.562 GB/s" % lk)
        c.add("%s/nvidia-smi-nvlink-s.txt" % n, lines)
        hdr = "\tGPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tGPU7\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID"
        rows = [hdr]
        for a in range(8):
            cells = []
            for b in range(8):
                if a == b:
                    cells.append(" X ")
                elif n == bad and badgpu in (a, b):
                    cells.append("SYS" if (a < 4) != (b < 4) else "NODE")
                else:
                    cells.append("NV18")
            rows.append("GPU%d\t%s\tPIX\tNODE\t%s\t%d\t\tN/A" % (a, "\t".join(cells), "0-55,112-167" if a < 4 else "56-111,168-223", 0 if a < 4 else 1))
        rows += ["", "Legend:", "", "  X    = Self",
                 "  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)",
                 "  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node",
                 "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)",
                 "  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)",
                 "  PIX  = Connection traversing at most a single PCIe bridge",
                 "  NV#  = Connection traversing a bonded set of # NVLinks"]
        c.add("%s/nvidia-smi-topo-m.txt" % n, rows)
        ent = dmesg_boot_noise(gr, n, n=24)
        if n == bad:
            ent.append((188.412, "NVRM: GPU at PCI:0000:ba:00: GPU-%s-%s-%s-%s-%s" % (hexid(gr, 8), hexid(gr, 4), hexid(gr, 4), hexid(gr, 4), hexid(gr, 12))))
            ent.append((188.413, "NVRM: Xid (PCI:0000:ba:00): 74, pid='<unknown>', name=<unknown>, NVLink: fatal error detected on link 7(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"))
        c.add("%s/dmesg-T.txt" % n, render_dmesg(sorted(ent), "T", boot_time=boot))
    c.set_label(
        "straggler", "infrastructure", bad, None, "restart_without_node",
        "The 4-node job steps at ~4.9 s against ~2.6 s for the same script elsewhere, with the extra time all in "
        "gradient reduction; on dgx-h-019 all 18 NVLinks of GPU 5 are inactive (Xid 74 and failed link training at "
        "boot), topo shows that GPU off NVLink and NCCL routes its peers via SHM instead of P2P, while the other nodes "
        "are healthy. No crash, just one degraded node.",
        "https://github.com/Azure/azhpc-diagnostics/issues/73")
    return c


# ------------------------------------------------------------------ bl18

def bl18():
    rng = random.Random(6718)
    c = Case("bl18_grad_sync_time_jumps_all_ranks")
    nodes = ["sn-4a%02d" % i for i in range(1, 13)]
    bad, baddev = "sn-4a07", "mlx5_4"
    start = dt(2024, 12, 16, 5, 40, 2)
    world = 96
    args = {
        "tensor_model_parallel_size": 8, "pipeline_model_parallel_size": 1, "num_layers": 40, "hidden_size": 5120,
        "num_attention_heads": 40, "seq_length": 4096, "max_position_embeddings": 4096, "micro_batch_size": 1,
        "global_batch_size": 768, "train_iters": 100000, "lr": 0.0002, "min_lr": 2e-05, "log_interval": 10,
        "timing_log_level": 1, "timing_log_option": "minmax", "bf16": True, "world_size": world,
        "data_parallel_size": 12, "use_distributed_optimizer": True, "overlap_grad_reduce": False,
        "save": "/vast/ckpt/13b", "load": "/vast/ckpt/13b", "save_interval": 1000, "log_throughput": True,
    }
    L = ["0: " + x for x in megatron_startup(start, world, 8, 1, 12, args, 1632645120, resume=18000)]
    t = start + td(seconds=100)
    onset = dt(2024, 12, 16, 9, 12, 40)
    for it in range(1, 5001):
        if t < onset:
            sync = rng.uniform(402, 418)
        else:
            sync = rng.uniform(3270, 3390)
        ms = 3480 + sync + rng.gauss(0, 10)
        t = t + td(milliseconds=ms)
        if it % 10 == 0:
            L.append("95: " + megatron_iter_line(t, 18000 + it, 100000, (18000 + it) * 768, ms, 371.0 * 3890 / ms,
                                                 lr_at(18000 + it, 2e-4, 2000, 100000, 2e-5), 768,
                                                 loss_at(18000 + it, rng, 10.5, 2.0), abs(rng.gauss(0.18, 0.02))))
            L += ["0: " + x for x in megatron_timers([
                ("forward-backward", 3470.2 + rng.uniform(0, 8), 3478.9 + rng.uniform(0, 8)),
                ("layernorm-grads-all-reduce", 0.02, 0.04),
                ("embedding-grads-all-reduce", 0.03, 0.05),
                ("all-grads-sync", sync - rng.uniform(1, 4), sync),
                ("params-all-gather", sync * 0.52, sync * 0.53),
                ("optimizer-copy-to-main-grad", 4.81, 5.12),
                ("optimizer-clip-main-grad", 2.90, 3.11),
                ("optimizer-count-zeros", 0.00, 0.00),
                ("optimizer-inner-step", 7.62, 8.05),
                ("optimizer-copy-main-to-model-params", 2.11, 2.30),
                ("optimizer", sync * 0.52 + 18.2, sync * 0.53 + 18.9),
            ])]
        if t > dt(2024, 12, 16, 10, 5, 0):
            break
    c.add("slurm-1188234.out", L)
    c.add("squeue.txt", ["  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "1188234     train   llm13b  t_okoro  R    4:25:10     12 sn-4a[01-12]"])
    devs = ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]
    for i, n in enumerate(nodes):
        gr = random.Random(67180 + i)
        rates = {baddev: 100} if n == bad else {}
        c.add("%s/ibstat.txt" % n, ibstat(devs, rates=rates, guid_seed=i + 3))
        pq = ["# Port counters: Lid %d port 1 (CapMask: 0x5A00)" % (103 + i * 8 + 2),
              "PortSelect:......................1",
              "CounterSelect:...................0x0000",
              "SymbolErrorCounter:..............%d" % (4281 if n == bad else 0),
              "LinkErrorRecoveryCounter:........%d" % (12 if n == bad else 0),
              "LinkDownedCounter:...............%d" % (1 if n == bad else 0),
              "PortRcvErrors:...................%d" % (37 if n == bad else 0),
              "PortRcvRemotePhysicalErrors:.....0",
              "PortRcvSwitchRelayErrors:........0",
              "PortXmitDiscards:................0",
              "PortXmitConstraintErrors:........0",
              "PortRcvConstraintErrors:.........0",
              "CounterSelect2:..................0x00",
              "LocalLinkIntegrityErrors:........0",
              "ExcessiveBufferOverrunErrors:....0",
              "VL15Dropped:.....................0",
              "PortXmitData:....................%d" % gr.randint(10 ** 9, 4 * 10 ** 9),
              "PortRcvData:.....................%d" % gr.randint(10 ** 9, 4 * 10 ** 9),
              "PortXmitPkts:....................%d" % gr.randint(10 ** 7, 9 * 10 ** 7),
              "PortRcvPkts:.....................%d" % gr.randint(10 ** 7, 9 * 10 ** 7),
              "PortXmitWait:....................%d" % gr.randint(0, 3000)]
        c.add("%s/perfquery-%s.txt" % (n, baddev), pq)
        ent = dmesg_boot_noise(gr, n, n=22)
        if n == bad:
            boot_up = (onset - dt(2024, 12, 9, 3, 0, 0)).total_seconds()
            ent.append((boot_up - 3.2, "mlx5_core 0000:4d:00.0: mlx5_port_module_event:1152:(pid 0): Port module event: module 4, Cable unplugged"))
            ent.append((boot_up - 1.1, "mlx5_core 0000:4d:00.0: mlx5_port_module_event:1152:(pid 0): Port module event: module 4, Cable plugged"))
        c.add("%s/dmesg.txt" % n, render_dmesg(sorted(ent), "uptime"))
    c.set_topology({"leaf-r4-a": nodes[:6], "leaf-r4-b": nodes[6:]})
    c.set_label(
        "straggler", "infrastructure", bad, None, "restart_without_node",
        "At 09:12 all-grads-sync and params-all-gather jump from ~0.4 s to ~3.3 s (min and max alike) while compute "
        "is unchanged, so the whole data-parallel ring slowed; sn-4a07's mlx5_4 is the only HCA port at Rate 100 "
        "instead of 400, with symbol errors, a link-down count of 1 and a cable unplug/replug event at that minute. "
        "One node's degraded IB port throttles every collective.",
        "https://github.com/NVIDIA/nccl/issues/1412")
    return c


def build_all():
    return [bl10(), bl11(), bl12(), bl13(), bl14(), bl15(), bl16(), bl17(), bl18()]
