"""Cases co20-co28 (object store, wedged GPU, host memory, NVMe, DNS, requeue, quota, custom kernel, NFS)."""
import sys

sys.dont_write_bytecode = True

import random  # noqa: E402

from cases_a import healthy_node_files, label, sbatch, torchrun_header  # noqa: E402
from lib import (  # noqa: E402
    H100_BUS, TP, Bundle, Timeline, agent_sigterm_lines, dt, gpu_list, ibstat, iso, kernlog_lines,
    nvsmi_q, pin_memory_thread, plus, pyspy_dump, sacct, syslog_ts, torchrun_child_failed, watchdog_block,
)


# =====================================================================================
def co20(name):
    rng = random.Random(9620)
    b = Bundle()
    nodes = ["ip-10-1-33-%d" % k for k in (12, 47, 85, 110, 141, 172, 203, 239)]
    jobid = 5403
    t0 = dt(2025, 4, 14, 6, 0, 0)
    boot = dt(2025, 4, 14, 5, 41, 0)
    tl = Timeline()
    agent = [14100 + 37 * i for i in range(8)]
    for n in range(8):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 120)
    step = 0
    t_thr = None
    while step < 3100:
        step += 20
        if step <= 2200:
            st, dw = rng.uniform(1.18, 1.23), rng.uniform(0.003, 0.012)
        else:
            if t_thr is None:
                t_thr = t
            st = rng.uniform(6.5, 11.8)
            dw = st - rng.uniform(1.1, 1.2)
        t = plus(t, st * 20)
        tl.add(t, "0: [rank0] %s INFO train.py:277 step %d loss %.4f step_time %.2fs data_wait %.3fs tok/s %d" % (
            t.strftime("%H:%M:%S"), step, 2.9 - step * 0.0002 + rng.uniform(-0.02, 0.02), st, dw, int(4_194_304 / st)))
        if t_thr and rng.random() < 0.9:
            for _ in range(3):
                r = rng.randint(0, 63)
                tl.add(t, "%d: [rank%d] %s WARNING s3_stream.py:142 GetObject s3://fm-corpus-use1/tokenized/v7/shard-%06d.bin range=bytes=%d-%d failed: SlowDown (503) 'Please reduce your request rate.' retry %d/10 in %.1fs" % (
                    r // 8, r, t.strftime("%H:%M:%S"), rng.randint(0, 49999), 0, 67108863, rng.randint(1, 6), rng.uniform(0.5, 9.0)))
    b.add("slurm-%d.out.partial" % jobid, tl.render())
    b.add("squeue.txt", ["$ squeue -j %d" % jobid, "  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "   %d   p5-48xl  fm-7b-s3   ubuntu  R    2:39:40      8 ip-10-1-33-[12,47,85,110,141,172,203,239]" % jobid])
    b.add("cloudwatch-s3-requests.txt", [
        "Bucket fm-corpus-use1, filter prefix tokenized/v7/ (1-minute request metrics, Sum)",
        "timestamp              GetRequests  5xxErrors  FirstByteLatency(p99 ms)",
    ] + ["%s  %11d  %9d  %d" % (iso(plus(t_thr, 60 * k - 300)), rng.randint(5200, 5600) if k < 5 else rng.randint(5400, 7200),
                                 0 if k < 5 else rng.randint(1800, 3900), rng.randint(40, 90) if k < 5 else rng.randint(2500, 9000)) for k in range(15)] + [
        "note: 3 other jobs (5398, 5401, 5407) started reading the same prefix between %s and %s" % (iso(plus(t_thr, -240)), iso(plus(t_thr, -20)))])
    snap = plus(t, 30)
    for n, h in enumerate(nodes):
        over = {i: {"util": rng.choice([0, 0, 4, 11, 23, 97]), "power": round(rng.uniform(110, 220), 2)} for i in range(8)}
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, gpu_over=over, kern=(n in (0, 3, 6)), ib=False)
    lab = label("storage", "infrastructure", None, None, "restart",
                "Step time on every rank went from ~1.2 s to 6-12 s at step ~2200 and almost all of it is data_wait; ranks on all eight nodes log S3 'SlowDown (503) Please reduce your request rate' retries and the bucket metrics show the 5xx spike when other jobs began reading the same prefix. GPUs are idle-waiting but healthy. A job-wide stall caused by the shared object store, not by any node.",
                "https://github.com/huggingface/datatrove/issues/302")
    return b, lab


# =====================================================================================
def co21(name):
    rng = random.Random(9621)
    b = Bundle()
    nodes = ["gpu-k01", "gpu-k02", "gpu-k03"]
    jobid = 601877
    t0 = dt(2025, 5, 29, 12, 0, 0)
    boot = dt(2025, 5, 20, 7, 0, 0)
    tl = Timeline()
    agent = [29011, 28944, 29102]
    for n in range(3):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 60)
    step = 0
    while step < 13400:
        step += 100
        t = plus(t, 100 * rng.uniform(0.41, 0.43))
        tl.add(t, "0: %s - INFO - ep %d it %d loss %.4f acc@1 %.3f lr %.4f" % (t.strftime("%Y-%m-%d %H:%M:%S"), step // 5004, step, 3.1 - step * 0.0001, 0.31 + step * 0.00002, 0.8))
    last = t
    t_wd = plus(last, 1800 + 5)
    for r in range(24):
        n = r // 8
        tt = plus(t_wd, rng.randint(0, 2))
        tl.extend(tt, ["%d: %s" % (n, x) for x in watchdog_block(r, tt, rng.randint(1, 900000000), 40209, "ALLREDUCE", 1, 1800000, 1800000 + rng.randint(3, 40), 40210 if r != 11 else 40209, 40208,
                                                                  fr_dump=True, dump_path="/nfs/exp/vit-g/fr/601877/trace_")[:7]])
    tf = plus(t_wd, 8)
    p = [agent[0] + 3 + i for i in range(8)]
    tl.extend(tf, ["0: " + x for x in agent_sigterm_lines(tf, agent[0], p, 1, p[1], -6)])
    tl.extend(plus(tf, 1), ["0: " + x for x in torchrun_child_failed("train_vit.py", tf, "gpu-k01", [(1, 1, -6, p[1], "SIGABRT")])])
    tl.add(plus(tf, 2), "srun: error: gpu-k01: task 0: Exited with exit code 1")
    tl.add(plus(tf, 2), "srun: error: gpu-k03: task 2: Exited with exit code 1")
    tl.add(plus(tf, 40), "srun: error: gpu-k02: task 1: Killed")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "vit-g-14", "gpu", "vision", "FAILED", "1:0", "", "gpu-k[01-03]", 288, t0, plus(tf, 40)))
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /nfs/exp/vit-g/fr/601877 -p trace_",
          "loaded 24 files in 1.21s",
          "built groups, memberships",
          "Collective 40209 (pg 0:default_pg, nccl:all_reduce [[1]]) did not complete",
          "collective state per rank:",
          "  ranks 0-10,12-23: started   (time_discovered_started_ns set, time_discovered_completed_ns unset)",
          "  rank 11:          scheduled (never started on the GPU stream)",
          "previous entry 40208 (nccl:all_reduce [[29360128]], DDP bucket 0): completed on all 24 ranks",
          "all ranks enqueued the same op/size sequence up to 40209; no type or size mismatch",
          "ranks 0-10,12-23 additionally enqueued 40210 (nccl:all_reduce [[29360128]])",
          "stack trace (rank 11, entry 40209):",
          " all_reduce at %storch/distributed/distributed_c10d.py:2455" % TP,
          " reduce_metrics at /nfs/exp/vit-g/code/train_vit.py:166",
          " train_one_epoch at /nfs/exp/vit-g/code/train_vit.py:201"]
    b.add("fr_trace_analysis.txt", fr)
    snap = plus(last, 900)
    for n, h in enumerate(nodes):
        over = {i: {"util": 100, "power": round(rng.uniform(118, 131), 2)} for i in range(8)}
        if h == "gpu-k02":
            over[3] = {"util": 100, "power": 61.4, "temp": 33, "clock": 1980}
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, gpu_over=over, ib=(n == 1))
    dump = pyspy_dump(agent[1] + 6, "/usr/bin/python3 -u train_vit.py --model vit_giant_patch14 (RANK=11)", [
        (agent[1] + 6, "idle", "MainThread", [("synchronize", TP + "torch/cuda/__init__.py", 954),
                                              ("reduce_metrics", "/nfs/exp/vit-g/code/train_vit.py", 168),
                                              ("train_one_epoch", "/nfs/exp/vit-g/code/train_vit.py", 201),
                                              ("main", "/nfs/exp/vit-g/code/train_vit.py", 288)]),
        pin_memory_thread(agent[1] + 402)])
    b.add("gpu-k02/py-spy-rank11.txt", ["# py-spy dump --pid %d  (%s)" % (agent[1] + 6, iso(snap)), dump,
                                        "# every other rank: MainThread in synchronize (torch/cuda/__init__.py:954) <- reduce_metrics (train_vit.py:168) as well"])
    b.add("gpu-k02/dcgmi-diag.txt", [
        "$ dcgmi diag -r 3 -j   # run by on-call after job %d ended, %s (summary)" % (jobid, iso(plus(tf, 1500))),
        "Diagnostic       | GPU0 | GPU1 | GPU2 | GPU3 | GPU4 | GPU5 | GPU6 | GPU7",
        "Deployment       | Pass | Pass | Pass | Pass | Pass | Pass | Pass | Pass",
        "PCIe             | Pass | Pass | Pass | Fail | Pass | Pass | Pass | Pass",
        "GPU Memory       | Pass | Pass | Pass | Fail | Pass | Pass | Pass | Pass",
        "Targeted Stress  | Pass | Pass | Pass | Fail | Pass | Pass | Pass | Pass",
        "Targeted Power   | Pass | Pass | Pass | Skip | Pass | Pass | Pass | Pass",
        "Warning: GPU 3: Timed out waiting for the memory test kernel to complete after 300 seconds; the GPU may be hung (no Xid reported).",
        "Warning: GPU 3: PCIe test: cudaMemcpy host<->device did not return within the time limit.",
    ])
    lab = label("gpu_hardware", "infrastructure", "gpu-k02", 11, "restart_without_node",
                "The flight recorder shows every rank except 11 started all_reduce 40209 while rank 11's copy was still 'scheduled' (its stream never reached it), with no op or size mismatch; py-spy shows rank 11 blocked in cuda synchronize. gpu-k02 GPU 3 (rank 11) sat at 100% utilisation with ~61 W and later failed DCGM level-3 memory/PCIe/stress tests with a hung kernel and no Xid: a wedged GPU.",
                "https://github.com/NVIDIA/nccl/issues/968")
    return b, lab


# =====================================================================================
def co22(name):
    rng = random.Random(9622)
    b = Bundle()
    nodes = ["gpu-m03", "gpu-m04", "gpu-m05", "gpu-m06"]
    jobid = 1310449
    t0 = dt(2024, 12, 2, 19, 30, 0)
    boot = dt(2024, 11, 20, 4, 0, 0)
    tl = Timeline()
    agent = [72110, 71990, 72301, 72044]
    for n in range(4):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 80)
    step = 0
    t_slow = None
    while step < 6200:
        step += 100
        if step <= 5000:
            st = rng.uniform(0.81, 0.84)
        else:
            if t_slow is None:
                t_slow = t
            st = rng.uniform(2.5, 9.5) * (1 + (step - 5000) / 600)
        t = plus(t, 100 * st)
        tl.add(t, "0: [%s] INFO step %d | loss %.4f | %.2f s/step | dataloader wait (max over ranks) %.2fs on rank %d" % (
            t.strftime("%Y-%m-%d %H:%M:%S"), step, 2.4 - step * 0.00005, st, 0.01 if step <= 5000 else st - 0.8, rng.randint(0, 31) if step <= 5000 else rng.randint(16, 23)))
    last = t
    t_wd = plus(last, 1800 + 9)
    for r in range(32):
        n = r // 8
        tt = plus(t_wd, rng.randint(0, 2))
        tl.extend(tt, ["%d: %s" % (n, x) for x in watchdog_block(r, tt, rng.randint(1, 900000000), 62731, "ALLREDUCE", 20971520, 1800000, 1800000 + rng.randint(3, 40), 62731 if 16 <= r < 24 else 62733, 62730)[:5]])
    tf = plus(t_wd, 6)
    tl.add(tf, "0: torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    tl.add(plus(tf, 2), "srun: error: gpu-m03: task 0: Exited with exit code 1")
    tl.add(plus(tf, 2), "srun: error: gpu-m04: task 1: Exited with exit code 1")
    tl.add(plus(tf, 2), "srun: error: gpu-m06: task 3: Exited with exit code 1")
    tl.add(plus(tf, 95), "srun: error: gpu-m05: task 2: Exited with exit code 1")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "asr-xl", "gpu", "speech", "FAILED", "1:0", "", "gpu-m[03-06]", 512, t0, plus(tf, 95)))
    snap = plus(last, 600)
    for n, h in enumerate(nodes):
        evs = []
        if h == "gpu-m05":
            for k in range(3):
                tt = plus(t_slow, 900 + k * 600)
                pid = 88410 + k
                evs += [(tt, "INFO: task pt_data_worker:%d blocked for more than 122 seconds." % pid),
                        (tt, "task:pt_data_worker  state:D stack:0     pid:%d  ppid:%d  flags:0x00004000" % (pid, agent[2] + 20 + k)),
                        (tt, "Call Trace:"), (tt, " <TASK>"), (tt, " __schedule+0x2cb/0x750"), (tt, " io_schedule+0x46/0x80"),
                        (tt, " folio_wait_bit_common+0x13d/0x350"), (tt, " swap_readpage+0x1a4/0x3a0"), (tt, " do_swap_page+0x1f0/0xb20"),
                        (tt, " __handle_mm_fault+0x8a1/0xd00"), (tt, " exc_page_fault+0x77/0x170"), (tt, " </TASK>")]
            evs.append((plus(t_slow, 40), "python3 invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0"))
            evs.append((plus(t_slow, 40), "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-20417.slice/session-881.scope,task=python3,pid=3381,uid=20417"))
            evs.append((plus(t_slow, 40), "Out of memory: Killed process 3381 (python3) total-vm:31842112kB, anon-rss:30710044kB, file-rss:4096kB, shmem-rss:0kB, UID:20417 pgtables:60324kB oom_score_adj:0"))
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, events=evs, ib=(n == 2))
    b.add("gpu-m05/ps.txt", [
        "$ ps -eo pid,user,stime,stat,rss,%%cpu,cmd --sort=-rss | head -n 12   (%s)" % iso(snap),
        "    PID USER      STIME STAT     RSS %CPU CMD",
        "   3377 jchen     Dec01 Rl   1701229316 1520 python3 /home/jchen/dedup/minhash_lsh.py --shards /scratch/jchen/cc-2024-33 --workers 96",
        "  %5d svc-asr   19:30 Sl   41220384 98.1 /usr/bin/python3 -u train_asr.py --cfg conf/xl.yaml --local-rank=0" % (agent[2] + 6),
        "  %5d svc-asr   19:30 Sl   40981120 97.7 /usr/bin/python3 -u train_asr.py --cfg conf/xl.yaml --local-rank=1" % (agent[2] + 7),
        "  %5d svc-asr   19:30 Sl   40877504 96.9 /usr/bin/python3 -u train_asr.py --cfg conf/xl.yaml --local-rank=5" % (agent[2] + 11),
        "  88410 svc-asr   19:30 D     2110412  0.3 pt_data_worker",
        "  88411 svc-asr   19:30 D     2098120  0.2 pt_data_worker",
        "   2211 root      Nov20 Ssl     812344  1.1 /usr/sbin/nv-hostengine -n --service-account nvidia-dcgm",
        "# note: user jchen has no job on gpu-m05 (squeue -u jchen -w gpu-m05: empty); process survived job 1310211's end (epilog did not kill stray processes)",
    ])
    b.add("gpu-m05/free.txt", ["$ free -g", "               total        used        free      shared  buff/cache   available",
                               "Mem:            2015        2003           2           0           9           3",
                               "Swap:            255         249           6"])
    b.add("gpu-m05/vmstat.txt", ["$ vmstat 5 4", "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----",
                                 " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st",
                                 "41 77 261120332 2310044  10212 9120412 410221 398774 421003 401120 93210 81120 11 29 22 38  0",
                                 "39 81 261344120 2204120  10212 9108834 398120 401224 408812 403301 91203 80331 12 30 20 38  0",
                                 "44 79 261402004 2190111  10208 9101120 402331 396610 411220 397012 92010 80912 11 31 21 37  0"])
    for h in ("gpu-m03", "gpu-m04"):
        b.add(h + "/free.txt", ["$ free -g", "               total        used        free      shared  buff/cache   available",
                                "Mem:            2015         351        1410           3         254        1652", "Swap:            255           0         255"])
    lab = label("host", "infrastructure", "gpu-m05", None, "restart_without_node",
                "On gpu-m05 a stray process from another user (jchen's minhash_lsh.py, 1.7 TB RSS, started the day before, no job on the node) exhausted host memory: swap is almost full, vmstat shows heavy swap-in/out, the job's dataloader workers hang in swap_readpage and the OOM killer fired. Step time grew only after that, the slow dataloader ranks are 16-23 (gpu-m05), and the job finally hung at an all_reduce they never joined.",
                "https://github.com/aws/aws-parallelcluster/issues/2701")
    return b, lab


# =====================================================================================
def co23(name):
    rng = random.Random(9623)
    b = Bundle()
    nodes = ["trn-b01", "trn-b02"]
    jobid = 48812
    t0 = dt(2025, 6, 18, 2, 0, 0)
    boot = dt(2025, 6, 9, 3, 0, 0)
    tl = Timeline()
    agent = [8810, 8702]
    for n in range(2):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 60)
    tl.add(t, "0: [rank0] staging dataset to node-local NVMe: /local_nvme/cache/laion-subset-v3 (done on each node, 2.1 TB)")
    tl.add(plus(t, 1300), "0: [rank0] staging finished on all nodes")
    t = plus(t, 1320)
    for ep in range(4):
        t = plus(t, 3600 + rng.randint(-40, 40))
        tl.add(t, "0: [rank0] %s epoch %d done | train_loss %.4f | clip_acc %.3f | epoch_time %.0fs" % (t.strftime("%Y-%m-%d %H:%M:%S"), ep, 2.0 - ep * 0.2, 0.4 + ep * 0.05, 3600))
        tl.add(t, "0: [rank0] %s epoch-boundary monitored_barrier (gloo, timeout=1800s)" % t.strftime("%Y-%m-%d %H:%M:%S"))
    t_e4 = plus(t, 3100)
    t_b4 = plus(t_e4, 500)
    tl.add(t_b4, "0: [rank0] %s epoch 4 done | train_loss %.4f | clip_acc %.3f | epoch_time %.0fs" % (t_b4.strftime("%Y-%m-%d %H:%M:%S"), 1.21, 0.61, 3600))
    tl.add(t_b4, "0: [rank0] %s epoch-boundary monitored_barrier (gloo, timeout=1800s)" % t_b4.strftime("%Y-%m-%d %H:%M:%S"))
    t_err = plus(t_e4, 1800 + 500)
    tl.add(t_err, "0: [rank0]: Traceback (most recent call last):")
    tl.add(t_err, "0: [rank0]:   File \"/opt/clip/train_clip.py\", line 233, in <module>")
    tl.add(t_err, "0: [rank0]:     dist.monitored_barrier(group=gloo_pg, timeout=timedelta(seconds=1800), wait_all_ranks=True)")
    tl.add(t_err, "0: [rank0]:   File \"%storch/distributed/distributed_c10d.py\", line 4413, in monitored_barrier" % TP)
    tl.add(t_err, "0: [rank0]:     return group_to_use.monitored_barrier(timeout, wait_all_ranks=wait_all_ranks)")
    tl.add(t_err, "0: [rank0]: RuntimeError: [Rank 0]: Ranks 12 failed to pass monitoredBarrier in 1800000 ms")
    for r in (1, 2, 9, 13):
        tl.add(plus(t_err, 1), "%d: [rank%d]: RuntimeError: Rank %d successfully reached monitoredBarrier, but received errors while waiting for send/recv from rank 0. Please check rank 0 logs for faulty rank." % (r // 8, r, r))
    tl.add(plus(t_err, 3), "0: E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (plus(t_err, 3).strftime("%m%d %H:%M:%S.118231"), agent[0], agent[0] + 5))
    tl.add(plus(t_err, 5), "srun: error: trn-b01: task 0: Exited with exit code 1")
    tl.add(plus(t_err, 5), "srun: error: trn-b02: task 1: Exited with exit code 1")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "clip-vit-l", "gpu", "mm", "FAILED", "1:0", "", "trn-b[01-02]", 224, t0, plus(t_err, 5)))
    snap = plus(t_e4, 1200)
    for n, h in enumerate(nodes):
        evs = []
        if h == "trn-b02":
            tb = plus(t_e4, -120)
            evs = [
                (tb, "nvme nvme2: I/O 714 QID 33 timeout, aborting"),
                (tb, "nvme nvme2: I/O 715 QID 33 timeout, aborting"),
                (plus(tb, 30), "nvme nvme2: Abort status: 0x371"),
                (plus(tb, 30), "nvme nvme2: I/O 714 QID 33 timeout, reset controller"),
                (plus(tb, 61), "nvme nvme2: Device not ready; aborting reset, CSTS=0x3"),
                (plus(tb, 61), "nvme nvme2: Removing after probe failure status: -19"),
                (plus(tb, 62), "I/O error, dev nvme2n1, sector 3119822848 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 2"),
                (plus(tb, 62), "md/raid0:md127: Disk failure on nvme2n1 detected, failing array."),
                (plus(tb, 62), "EXT4-fs warning (device md127): ext4_end_bio:343: I/O error 10 writing to inode 44040193 starting block 389977856)"),
                (plus(tb, 250), "INFO: task python3:%d blocked for more than 122 seconds." % (agent[1] + 9)),
                (plus(tb, 250), "task:python3         state:D stack:0     pid:%d  ppid:%d  flags:0x00000002" % (agent[1] + 9, agent[1])),
                (plus(tb, 250), " ext4_file_read_iter+0x5b/0x1a0"),
            ]
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, events=evs, ib=False)
    b.add("trn-b02/lsblk.txt", ["$ lsblk -o NAME,SIZE,TYPE,MOUNTPOINT", "nvme0n1     1.7T disk", "├─nvme0n1p1   1G part /boot/efi", "└─nvme0n1p2 1.7T part /",
                                "nvme1n1     3.5T disk", "└─md127     10.5T raid0 /local_nvme", "nvme3n1     3.5T disk", "└─md127     10.5T raid0 /local_nvme",
                                "# nvme2n1 no longer listed (removed after probe failure)"])
    dump = pyspy_dump(agent[1] + 9, "/usr/bin/python3 -u /opt/clip/train_clip.py (RANK=12)", [
        (agent[1] + 9, "idle", "MainThread", [("read", "/usr/lib/python3.10/zipfile.py", 926), ("_read1", "/usr/lib/python3.10/zipfile.py", 1004),
                                              ("load", TP + "numpy/lib/npyio.py", 456), ("__getitem__", "/opt/clip/data/local_cache.py", 71),
                                              ("validate_cached_shards", "/opt/clip/train_clip.py", 219), ("<module>", "/opt/clip/train_clip.py", 230)])])
    b.add("trn-b02/py-spy-rank12.txt", ["# py-spy dump --pid %d (%s)" % (agent[1] + 9, iso(snap)), dump])
    lab = label("storage", "infrastructure", "trn-b02", 12, "restart_without_node",
                "Gloo's monitored barrier names rank 12 as the only rank that never arrived, and the other ranks' errors just point back at rank 0. Rank 12 (trn-b02, local rank 4) is stuck in D state reading its node-local NVMe cache: trn-b02's kernel log shows nvme2 I/O timeouts, a failed controller reset, the device removed and the md127 RAID0 behind /local_nvme failing. A local storage failure on that one node.",
                "https://github.com/NVIDIA/nccl/issues/849")
    return b, lab


# =====================================================================================
def co24(name):
    rng = random.Random(9624)
    b = Bundle()
    nodes = ["gpu-p%02d" % i for i in range(1, 7)]
    jobid = 220931
    t0 = dt(2025, 7, 30, 14, 5, 0)
    boot = dt(2025, 7, 21, 0, 0, 0)
    tl = Timeline()
    agent = [6101 + 13 * i for i in range(6)]
    for n in range(6):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    for n in range(6):
        for k in range(0, 900, 60):
            tt = plus(t0, 5 + k + n)
            tl.add(tt, "%d: [W%s socket.cpp:755] [c10d] The IPv4 network addresses of (trainer-head.cluster.internal, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution)." % (
                n, tt.strftime("%m%d %H:%M:%S.%f")[:-3] + "113"))
    te = plus(t0, 905)
    for n in range(6):
        tl.add(plus(te, n), "%d: torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details." % n)
    tl.add(plus(te, 1), "0: Traceback (most recent call last):")
    tl.add(plus(te, 1), "0:   File \"%storch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py\", line 159, in _create_tcp_store" % TP)
    tl.add(plus(te, 1), "0:     store = TCPStore(")
    tl.add(plus(te, 1), "0: torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to (trainer-head.cluster.internal, 29400).")
    for n in range(6):
        tl.add(plus(te, 8), "srun: error: %s: task %d: Exited with exit code 1" % (nodes[n], n))
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "ft-70b-lora", "gpu", "apps", "FAILED", "1:0", "", "gpu-p[01-06]", 576, t0, plus(te, 8)))
    b.add("job.sbatch", sbatch("ft-70b-lora", 6, 8, "1-00:00:00", [
        "# trainer-head.cluster.internal is a CNAME maintained by the scheduler prolog -> first node of the allocation",
        "srun --label torchrun --nnodes 6 --nproc-per-node 8 --rdzv-backend c10d \\",
        "     --rdzv-endpoint trainer-head.cluster.internal:29400 --rdzv-id $SLURM_JOB_ID finetune.py --cfg lora70b.yaml",
    ]))
    for n, h in enumerate(nodes):
        jr = []
        for k in range(4):
            tt = plus(t0, -400 + 250 * k + n)
            jr.append("%s %s systemd-resolved[1187]: Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.0.0.53." % (syslog_ts(tt), h))
            jr.append("%s %s systemd-resolved[1187]: Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.0.0.54." % (syslog_ts(plus(tt, 3)), h))
        jr.append("%s %s sssd_nss[1502]: Could not resolve hostname of ldap.cluster.internal, marking backend offline" % (syslog_ts(plus(t0, -200 + n)), h))
        jr.append("%s %s chronyd[1011]: Source 10.0.0.53 offline" % (syslog_ts(plus(t0, -190 + n)), h))
        jr.sort()
        b.add(h + "/journal.txt", jr)
        b.add(h + "/resolv-check.txt", [
            "$ cat /etc/resolv.conf", "nameserver 127.0.0.53", "options edns0 trust-ad", "search cluster.internal",
            "$ resolvectl status | grep -A2 'Current DNS'", "Current DNS Server: 10.0.0.53", "       DNS Servers: 10.0.0.53 10.0.0.54",
            "$ getent hosts trainer-head.cluster.internal; echo rc=$?", "rc=2",
            "$ dig +time=2 +tries=1 @10.0.0.53 trainer-head.cluster.internal", ";; communications error to 10.0.0.53#53: timed out", ";; no servers could be reached",
            "$ dig +time=2 +tries=1 @10.0.0.54 trainer-head.cluster.internal", ";; communications error to 10.0.0.54#53: timed out", ";; no servers could be reached",
            "$ ping -c2 10.10.0.%d   # gpu-p01 by address" % 21, "2 packets transmitted, 2 received, 0% packet loss, time 1001ms", "rtt min/avg/max/mdev = 0.061/0.066/0.071/0.005 ms",
        ])
        if n in (0, 3):
            healthy_node_files(b, rng, h, plus(te, 60), H100_BUS, boot, ib=(n == 0), kern=False)
    lab = label("network", "infrastructure", None, None, "restart",
                "No worker ever started: all six torchrun agents spent the 15-minute rendezvous window failing to resolve trainer-head.cluster.internal (gai error -3) and gave up with RendezvousConnectionError. On every node both cluster DNS servers time out (dig, systemd-resolved, sssd, chronyd) while plain IP connectivity works, so a DNS service outage hit the whole allocation; no node is at fault.",
                "https://github.com/pytorch/pytorch/issues/73682")
    return b, lab


# =====================================================================================
def co25(name):
    rng = random.Random(9625)
    b = Bundle()
    nodes = ["gpu-w21", "gpu-w22", "gpu-w23", "gpu-w24"]
    jobid = 9004123
    t0 = dt(2025, 3, 8, 20, 0, 0)
    boot = dt(2025, 2, 28, 6, 0, 0)
    hang_step = 12873

    def run(att, tstart, until, hang):
        tl = Timeline()
        tl.add(tstart, "0: [NeMo I %s exp_manager:396] Resuming training from checkpoint: /ckpt/nemo-gpt-22b/checkpoints/megatron_gpt--step=%d-last.ckpt" % (tstart.strftime("%Y-%m-%d %H:%M:%S"), 0 if att == 1 else 12500))
        t = plus(tstart, 240)
        step = 0 if att == 1 else 12500
        while step < until:
            step += 25
            st = rng.uniform(3.61, 3.66)
            t = plus(t, st * 25)
            el = int((t - tstart).total_seconds())
            tl.add(t, "0: Epoch 0: : %dit [%d:%02d:%02d, %.2fs/it, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3f]" % (
                step, el // 3600, el % 3600 // 60, el % 60, st, 2.3 - step * 0.00003, step - 1, step * 1024, st))
        last = t
        if hang:
            t_wd = plus(last, 1800 + 4)
            for r in range(32):
                n = r // 8
                tt = plus(t_wd, rng.randint(0, 2))
                tl.extend(tt, ["%d: %s" % (n, x) for x in watchdog_block(r, tt, rng.randint(1, 900000000), 91234, "_REDUCE_SCATTER_BASE", 88080384, 1800000, 1800000 + rng.randint(3, 70), 91234, 91233, world=32,
                                                                          fr_dump=True, dump_path="/ckpt/nemo-gpt-22b/fr/%d/rank_" % att)[:7]])
            tf = plus(t_wd, 8)
            tl.add(tf, "0: torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
            for n in range(4):
                tl.add(plus(tf, 2), "srun: error: %s: task %d: Exited with exit code 1" % (nodes[n], n))
            tl.add(plus(tf, 3), "slurmstepd: error: *** JOB %d ON gpu-w21 CANCELLED AT %s DUE TO JOB REQUEUE ***" % (jobid, iso(plus(tf, 3))))
            return tl, last, plus(tf, 3)
        return tl, last, last

    tl1, last1, end1 = run(1, t0, hang_step, True)
    b.add("attempt_1/slurm-%d.out" % jobid, tl1.render())
    b.add("attempt_1/fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /ckpt/nemo-gpt-22b/fr/1 -p rank_",
        "loaded 32 files in 2.66s", "built groups, memberships",
        "no mismatched collectives found: all 32 ranks enqueued identical op/size sequences in every process group",
        "last collective: 91234 pg 0:default_pg nccl:reduce_scatter [[88080384]] state=started on all 32 ranks, completed on none",
        "collective 91233 (nccl:all_gather [[88080384]]) completed on all 32 ranks",
        "no rank is behind; no rank missing; no dump missing"])
    t1 = plus(end1, 420)
    tl2, last2, _ = run(2, t1, 15400, False)
    b.add("attempt_2/slurm-%d.out" % jobid, tl2.render())
    b.add("sacct.txt", [
        "$ sacct -j %d --duplicates -o JobID,JobName,State,ExitCode,Start,End,NodeList,Restarts" % jobid,
        "       JobID    JobName      State ExitCode               Start                 End        NodeList Restarts ",
        "------------ ---------- ---------- -------- ------------------- ------------------- --------------- -------- ",
        "%12d  nemo-22b   REQUEUED      1:0 %s %s gpu-w[21-24]         0 " % (jobid, iso(t0), iso(end1)),
        "%12d  nemo-22b    RUNNING      0:0 %s             Unknown gpu-w[21-24]         1 " % (jobid, iso(t1)),
    ])
    for att, tsn in ((1, plus(last1, 900)), (2, plus(last2, 60))):
        for n, h in enumerate(nodes):
            over = {i: {"util": 100, "power": round(rng.uniform(95, 130) if att == 1 else rng.uniform(560, 680), 2)} for i in range(8)}
            healthy_node_files(b, rng, h, tsn, H100_BUS, boot, gpu_over=over, prefix="attempt_%d/" % att, ib=(att == 1), kern=(att == 1))
    lab = label("hang", "infrastructure", None, None, "restart",
                "Attempt 1 hung in reduce-scatter 91234 at step 12873: every one of the 32 ranks enqueued and started it and none completed, the flight recorder finds no mismatch and no lagging rank, and no node shows Xid, ECC, link or filesystem errors. The requeued attempt on the same four nodes resumed from step 12500 and ran past 15000. An unexplained transient hang; restarting was the right call.",
                "https://github.com/pytorch/pytorch/issues/140563")
    return b, lab


# =====================================================================================
def co26(name):
    rng = random.Random(9626)
    b = Bundle()
    nodes = ["gn-a07", "gn-a08"]
    jobid = 3312290
    t0 = dt(2025, 9, 12, 7, 0, 0)
    boot = dt(2025, 9, 1, 7, 0, 0)
    tl = Timeline()
    agent = [51002, 50910]
    for n in range(2):
        tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
    t = plus(t0, 60)
    step = 0
    ck = 0
    while step < 9000:
        step += 100
        t = plus(t, 100 * rng.uniform(0.63, 0.66))
        tl.add(t, "0: [rank0] %s INFO trainer.py:190 step %d loss %.4f" % (t.strftime("%H:%M:%S"), step, 2.7 - step * 0.0001))
        if step % 3000 == 0:
            ck += 1
            tl.add(plus(t, 1), "0: [rank0] %s INFO ckpt.py:48 consolidating full state dict on rank 0 -> /project/p4107/runs/llm3b/ckpt/step_%06d.pt" % (plus(t, 1).strftime("%H:%M:%S"), step))
            if step < 9000:
                tl.add(plus(t, 70), "0: [rank0] %s INFO ckpt.py:57 saved step_%06d.pt (24.6 GB) in 68.2s" % (plus(t, 70).strftime("%H:%M:%S"), step))
                t = plus(t, 72)
            else:
                tf_ = plus(t, 51)
                tl.add(tf_, "0: [rank0] %s ERROR ckpt.py:61 saving consolidated checkpoint failed, will retry at next interval: OSError(122, 'Disk quota exceeded')" % tf_.strftime("%H:%M:%S"))
                tl.add(tf_, "0: [rank0] Traceback (most recent call last):")
                tl.add(tf_, "0: [rank0]   File \"/project/p4107/code/llm3b/ckpt.py\", line 52, in save")
                tl.add(tf_, "0: [rank0]     torch.save(full_sd, tmp_path)")
                tl.add(tf_, "0: [rank0]   File \"%storch/serialization.py\", line 652, in save" % TP)
                tl.add(tf_, "0: [rank0] OSError: [Errno 122] Disk quota exceeded")
                t_fail = tf_
    t_wd = plus(t_fail, 1800 + 3)
    for r in range(16):
        n = r // 8
        tt = plus(t_wd, rng.randint(0, 2))
        if r == 0:
            blk = watchdog_block(r, tt, rng.randint(1, 900000000), 27044, "ALLREDUCE", 27262976, 1800000, 1800000 + rng.randint(3, 60), 27046, 27043)
        else:
            blk = watchdog_block(r, tt, rng.randint(1, 900000000), 27044, "ALLREDUCE", 1, 1800000, 1800000 + rng.randint(3, 60), 27044, 27043)
        tl.extend(tt, ["%d: %s" % (n, x) for x in blk[:5]])
    tf = plus(t_wd, 6)
    tl.add(tf, "0: torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
    tl.add(plus(tf, 1), "srun: error: gn-a07: task 0: Exited with exit code 1")
    tl.add(plus(tf, 1), "srun: error: gn-a08: task 1: Exited with exit code 1")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "llm3b", "gpu", "p4107", "FAILED", "1:0", "", "gn-a[07-08]", 224, t0, plus(tf, 1)))
    b.add("ckpt_excerpt.py", [
        "# ckpt.py (lines 44-66)",
        "def save(model, step, path):",
        "    full_sd = get_model_state_dict(model, options=StateDictOptions(full_state_dict=True, cpu_offload=True))",
        "    if dist.get_rank() == 0:",
        "        try:",
        "            log.info(f'consolidating full state dict on rank 0 -> {path}')",
        "            torch.save(full_sd, tmp_path)",
        "            os.replace(tmp_path, path)",
        "            log.info(...)",
        "            dist.barrier()          # release the other ranks",
        "        except OSError as e:",
        "            log.error(f'saving consolidated checkpoint failed, will retry at next interval: {e!r}', exc_info=True)",
        "    else:",
        "        dist.barrier()",
    ])
    b.add("lfs-quota.txt", [
        "$ lfs quota -h -p 4107 /project   (%s)" % iso(plus(t_fail, 600)),
        "Disk quotas for prj 4107 (pid 4107):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "       /project  20.01T*    18T     20T  5d23h 1203341       0       0       -",
        "$ du -sh /project/p4107/runs/llm3b/ckpt",
        "2.4T\t/project/p4107/runs/llm3b/ckpt",
    ])
    snap = plus(t_fail, 700)
    for n, h in enumerate(nodes):
        healthy_node_files(b, rng, h, snap, H100_BUS, boot, ib=(n == 0))
    lab = label("storage", "infrastructure", None, None, "stop",
                "The checkpoint at step 9000 failed on rank 0 with OSError 122 'Disk quota exceeded' and lfs quota shows project 4107 over its 20 TB hard limit. The script caught the error and skipped the barrier inside its try block, so rank 0 went on to the next gradient all_reduce while ranks 1-15 waited in the barrier until the watchdog fired. Quota must be freed before rerunning, so stop.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    return b, lab


# =====================================================================================
def co27(name):
    rng = random.Random(9627)
    b = Bundle()
    jobid = 7109001
    boot = dt(2025, 10, 1, 0, 0, 0)
    sacct_rows = []
    for att, nodes, t0 in ((1, ["g101", "g102"], dt(2025, 10, 9, 8, 0, 0)), (2, ["g117", "g118"], dt(2025, 10, 9, 11, 2, 0))):
        tl = Timeline()
        agent = [30110 + att * 7, 30240 + att * 11]
        for n in range(2):
            tl.extend(t0, ["%d: %s" % (n, x) for x in torchrun_header(t0, agent[n], 8)])
        t = plus(t0, 45)
        tl.add(t, "0: [rank0] %s INFO | longctx: seq_len=8192 packing=greedy rope=fused_rope_cuda (csrc/rope_kernel.cu) max_position_embeddings=8192" % t.strftime("%H:%M:%S"))
        tl.add(t, "0: [rank0] %s INFO | data order: seed=1234, resumed from sample 0 (no checkpoint yet)" % t.strftime("%H:%M:%S"))
        step = 0
        while step < 3500:
            step += 100
            t = plus(t, 100 * rng.uniform(0.88, 0.9))
            tl.add(t, "0: [rank0] %s INFO | step %d | loss %.4f | tok/s %d" % (t.strftime("%H:%M:%S"), step, 2.6 - step * 0.0001, rng.randint(1_150_000, 1_180_000)))
        t_x = plus(t, 7 * 0.89)
        tl.add(plus(t_x, -1), "1: [rank9] %s WARNING | packer: sample idx 1833012 produced sequence of length 8193 (> seq_len) at step 3507; continuing" % t_x.strftime("%H:%M:%S"))
        tb = ["1: [rank9]: Traceback (most recent call last):",
              "1: [rank9]:   File \"/home/lc/longctx/train.py\", line 301, in <module>",
              "1: [rank9]:     main()",
              "1: [rank9]:   File \"/home/lc/longctx/model/attention.py\", line 88, in forward",
              "1: [rank9]:     q, k = self.rope(q, k, position_ids)",
              "1: [rank9]:   File \"/home/lc/longctx/model/rope.py\", line 58, in forward",
              "1: [rank9]:     return fused_rope_cuda.apply(q, k, self.cos_cached, self.sin_cached, position_ids)",
              "1: [rank9]: RuntimeError: CUDA error: an illegal memory access was encountered",
              "1: [rank9]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
              "1: [rank9]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1"]
        tl.extend(plus(t_x, 1), tb)
        p1 = [agent[1] + 4 + i for i in range(8)]
        tl.extend(plus(t_x, 3), ["1: " + x for x in agent_sigterm_lines(plus(t_x, 3), agent[1], p1, 1, p1[1], 1)])
        tl.extend(plus(t_x, 4), ["1: " + x for x in torchrun_child_failed("train.py", plus(t_x, 3), nodes[1], [(9, 1, 1, p1[1], None)])])
        tl.add(plus(t_x, 5), "srun: error: %s: task 1: Exited with exit code 1" % nodes[1])
        t_wd = plus(t_x, 600 + 2)
        for lr in range(8):
            tt = plus(t_wd, rng.randint(0, 2))
            tl.extend(tt, ["0: " + x for x in watchdog_block(lr, tt, rng.randint(1, 900000000), 21044, "_ALLGATHER_BASE", 65536000, 600000, 600000 + rng.randint(3, 60), 21046, 21043, world=16)[:5]])
        tl.add(plus(t_wd, 6), "0: torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ")
        tl.add(plus(t_wd, 7), "srun: error: %s: task 0: Exited with exit code 1" % nodes[0])
        b.add("attempt_%d/slurm-%d.out" % (att, jobid), tl.render())
        sacct_rows.append((att, nodes, t0, plus(t_wd, 7)))
        for n, h in enumerate(nodes):
            evs = []
            if n == 1:
                pid = p1[1]
                evs = [(t_x, "NVRM: Xid (PCI:0000:2a:00): 13, pid=%d, name=python3, Graphics SM Warp Exception on (GPC 5, TPC 2, SM 0): Out Of Range Address" % pid),
                       (t_x, "NVRM: Xid (PCI:0000:2a:00): 13, pid=%d, name=python3, Graphics SM Global Exception on (GPC 5, TPC 2, SM 0): Multiple Warp Errors" % pid),
                       (t_x, "NVRM: Xid (PCI:0000:2a:00): 13, pid=%d, name=python3, Graphics Exception: ESR 0x52df30=0x102000e 0x52df34=0x24 0x52df28=0x1f81fb60 0x52df2c=0x1174" % pid),
                       (plus(t_x, 1), "NVRM: Xid (PCI:0000:2a:00): 43, pid=%d, name=python3, Ch 00000008" % pid)]
            healthy_node_files(b, rng, h, plus(t_x, 300), H100_BUS, boot, events=evs, prefix="attempt_%d/" % att, ib=False)
    lines = ["$ sacct -j %d --duplicates -o JobID,State,ExitCode,Start,End,NodeList" % jobid,
             "       JobID      State ExitCode               Start                 End        NodeList ",
             "------------ ---------- -------- ------------------- ------------------- --------------- "]
    for att, nodes, ts, te in sacct_rows:
        lines.append("%12d %10s %8s %19s %19s %-15s " % (jobid, "REQUEUED" if att == 1 else "FAILED", "1:0", iso(ts), iso(te), "g[%s-%s]" % (nodes[0][1:], nodes[1][1:])))
    b.add("sacct.txt", lines)
    b.add("admin-note.txt", ["job was requeued onto g117/g118 after g102 was suspected (Xid 13/43 in dmesg); same failure on the new nodes."])
    lab = label("user_code", "script", None, None, "stop",
                "Both attempts, on disjoint nodes, fail at the same step 3507 on the same rank 9 right after the packer emits an 8193-token sequence (> max_position_embeddings 8192): the custom fused_rope_cuda kernel reads past its cos/sin cache, giving 'illegal memory access' and the matching Xid 13 'Out Of Range Address' plus Xid 43 on whichever node hosts rank 9. Deterministic application bug; the Xids and the peers' all-gather timeouts are consequences.",
                "https://github.com/vllm-project/vllm/issues/4108")
    return b, lab


# =====================================================================================
def co28(name):
    rng = random.Random(9628)
    b = Bundle()
    nodes = ["gpu-t01", "gpu-t02", "gpu-t03", "gpu-t04"]
    jobid = 612044
    t0 = dt(2025, 11, 3, 9, 0, 0)
    boot = dt(2025, 10, 27, 6, 0, 0)
    tl = Timeline()
    agent = [23010, 22981, 23300, 23044]
    for n in range(4):
        if n == 2:
            continue
        tl.extend(plus(t0, 4), ["%d: %s" % (n, x) for x in torchrun_header(plus(t0, 4), agent[n], 8)])
        tl.add(plus(t0, 5), "%d: I%s %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1132] The node '%s_%d_0' attempts to join the next round of the rendezvous '%d'." % (
            n, plus(t0, 5).strftime("%m%d %H:%M:%S.220013"), agent[n], nodes[n], agent[n], jobid))
    te = plus(t0, 5 + 600)
    for n in range(4):
        if n == 2:
            continue
        tl.add(plus(te, n), "%d: E%s %d torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1150] The node '%s_%d_0' has failed to join the rendezvous '%d': timed out waiting for 4 nodes (3 joined: gpu-t01, gpu-t02, gpu-t04)." % (
            n, plus(te, n).strftime("%m%d %H:%M:%S.001200"), agent[n], nodes[n], agent[n], jobid))
        tl.add(plus(te, n), "%d: torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError" % n)
        tl.add(plus(te, n + 2), "srun: error: %s: task %d: Exited with exit code 1" % (nodes[n], n))
    tl.add(plus(te, 30), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    tl.add(plus(te, 62), "slurmstepd: error: *** STEP %d.0 STEPD TERMINATED ON gpu-t03 AT %s DUE TO JOB NOT ENDING WITH SIGNALS ***" % (jobid, iso(plus(te, 62))))
    tl.add(plus(te, 63), "srun: error: gpu-t03: task 2: Killed")
    b.add("slurm-%d.out" % jobid, tl.render())
    b.add("sacct.txt", sacct(jobid, "sd3-ft", "gpu", "genai", "FAILED", "1:0", "", "gpu-t[01-04]", 384, t0, plus(te, 63)))
    b.add("job.sbatch", sbatch("sd3-ft", 4, 8, "12:00:00", [
        "source /home/genai/venvs/sd3/bin/activate      # venv lives on the /home NFS export",
        "srun --label torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-t01:29400 --rdzv-id $SLURM_JOB_ID \\",
        "     train_sd3.py --cfg cfg/ft.yaml",
    ]))
    for n, h in enumerate(nodes):
        evs = []
        if h == "gpu-t03":
            tb = plus(t0, -3600 * 5)
            evs = [(tb, "nfs: server homefs02 not responding, still trying"),
                   (plus(tb, 181), "nfs: server homefs02 not responding, still trying"),
                   (plus(t0, 250), "INFO: task python3:%d blocked for more than 245 seconds." % (agent[2] + 1)),
                   (plus(t0, 250), "task:python3         state:D stack:0     pid:%d  ppid:%d  flags:0x00000000" % (agent[2] + 1, agent[2])),
                   (plus(t0, 250), " rpc_wait_bit_killable+0x11/0x70 [sunrpc]"),
                   (plus(t0, 250), " nfs4_proc_lookup_common+0x101/0x3f0 [nfsv4]"),
                   (plus(t0, 250), " path_openat+0x1c2/0x1040")]
        healthy_node_files(b, rng, h, plus(te, 60), H100_BUS, boot, events=evs, ib=False)
        ok = h != "gpu-t03"
        b.add(h + "/mount-check.txt", [
            "$ grep homefs02 /proc/mounts",
            "homefs02:/export/home /home nfs4 rw,relatime,vers=4.2,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=10.30.1.%d,addr=10.30.0.9 0 0" % (31 + n),
            "$ timeout 10 ls /home/genai/venvs/sd3/bin/python; echo rc=$?",
        ] + (["/home/genai/venvs/sd3/bin/python", "rc=0"] if ok else ["rc=124"]) + [
            "$ ping -c2 homefs02",
            "2 packets transmitted, 2 received, 0% packet loss, time 1002ms"])
    b.add("gpu-t03/ps.txt", ["$ ps -eo pid,ppid,stat,wchan:24,etime,cmd | grep -E 'torchrun|python'",
                             "  %d  %d S    do_wait                  00:11:02 /bin/bash /var/spool/slurmd/job%d/slurm_script" % (agent[2] - 40, agent[2] - 60, jobid),
                             "  %d  %d D    rpc_wait_bit_killable    00:10:58 /home/genai/venvs/sd3/bin/python /home/genai/venvs/sd3/bin/torchrun --nnodes 4 --nproc-per-node 8 ..." % (agent[2] + 1, agent[2])])
    lab = label("storage", "infrastructure", "gpu-t03", None, "restart_without_node",
                "Three torchrun agents waited 10 minutes in rendezvous for a fourth node that never joined; gpu-t03 printed nothing because its torchrun (from the venv on /home) is stuck in D state on an NFS lookup. Only gpu-t03 logs 'nfs: server homefs02 not responding' (since hours before the job) and times out listing /home, while the other nodes reach the same server fine: a stuck NFS client mount on that one node.",
                "https://github.com/vwal/nfs_automount/issues/9")
    return b, lab


CASES = [
    ("co20_s3_slowdown_jobwide_data_stall", co20),
    ("co21_wedged_gpu_fr_scheduled_dcgm_fail", co21),
    ("co22_stray_process_host_memory_swap_stall", co22),
    ("co23_monitored_barrier_local_nvme_failure", co23),
    ("co24_dns_outage_rendezvous_stall", co24),
    ("co25_unexplained_hang_requeue_recovers", co25),
    ("co26_quota_exceeded_rank0_skips_barrier", co26),
    ("co27_illegal_address_custom_rope_kernel", co27),
    ("co28_stuck_home_nfs_one_node_rendezvous", co28),
]
